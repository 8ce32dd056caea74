import { MediaApprovals } from '../../../features/media/media-approvals';

export const AdminMediaApprovalsRoute = () => <MediaApprovals />;
