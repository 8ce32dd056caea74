import { StationSettings } from '../../../features/station/station-settings';

export const AdminStationSettingsRoute = () => <StationSettings />;
