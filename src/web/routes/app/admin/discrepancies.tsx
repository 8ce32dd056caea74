import { DiscrepanciesScreen } from '../../../features/discrepancies/discrepancies-screen';

export const AdminDiscrepanciesRoute = () => <DiscrepanciesScreen />;
