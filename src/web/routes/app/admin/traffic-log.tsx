import { TrafficLogScreen } from '../../../features/traffic/traffic-log-screen';

export const AdminTrafficLogRoute = () => <TrafficLogScreen />;
