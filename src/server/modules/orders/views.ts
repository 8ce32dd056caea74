/**
 * The orders module's read-only views (decision 042): what another module's query joins when it must
 * read orders or their lines in SQL (src/server/db/sql/orders.sql). Nothing else here, so that any module
 * may import it without an import cycle; the functions are in ./public.
 */
export { orderItemsView, orderScheduleLinesView, orderSchedulesView, ordersView } from '../../db/schema';
