import { AsRunScreen } from '../../../features/as-run/as-run-screen';

export const AdminAsRunRoute = () => <AsRunScreen />;
