import { OrderManagement } from '../../../features/orders/order-management';

export const AdminApprovalsRoute = () => <OrderManagement />;
