import { ProfilePage } from '../../features/profile/profile-page';

export const ProfileRoute = () => <ProfilePage />;
