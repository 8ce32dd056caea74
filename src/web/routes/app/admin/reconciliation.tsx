import { ReconciliationDashboard } from '../../../features/reconciliation/reconciliation-dashboard';

export const AdminReconciliationRoute = () => <ReconciliationDashboard />;
