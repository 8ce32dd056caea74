import { OrdersInProgress } from '../../features/orders/orders-in-progress';

export const OrdersRoute = () => <OrdersInProgress />;
