import { DraftManagement } from '../../../features/orders/draft-management';

export const AdminDraftsRoute = () => <DraftManagement />;
