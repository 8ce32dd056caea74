/**
 * What the orders module offers the other modules (issue 22, decision 042). The orders module owns
 * estimates, estimate_items and order_counts; another module reads an order through these functions or
 * the read-only views in ./views, and changes one only through these functions or the status transitions in
 * ./transitions. Lint refuses an import of any other file of this folder from outside it, and of those
 * tables from the schema. This file imports no other module, so that any module may import it.
 */
// An order, read and locked
export { isBooked, lockOrder, lockReadableOrder, readableOrder, type OrderRow } from './orders';
// Its price: lines with their dayparts, one line's priced selection
export { itemsWithDayparts, pricedItems, selectionOf, type PricedItem } from './orders';
export { listItems } from './items-queries';
// Its channel (what scopes a limited admin)
export { channelOfOrder } from './channel-of';
export { scheduleLinesOf } from './schedule-store';
// Lists and counts
export { listEstimates, weeklyReachOf } from './queries';
export { statusCounts, totalOf } from './order-counts';
// Changes other modules make (AdCP buys, billing mode)
export { createOrderWithItems, reviseOrder, setOrderBillingMode, setOrderMedia } from './changes';
