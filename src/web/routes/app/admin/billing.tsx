import { BillingManagement } from '../../../features/billing/billing-management';

export const AdminBillingRoute = () => <BillingManagement />;
