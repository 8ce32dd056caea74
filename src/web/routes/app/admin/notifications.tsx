import { NotificationSettings } from '../../../features/notifications/settings/notification-settings';

export const AdminNotificationsRoute = () => <NotificationSettings />;
