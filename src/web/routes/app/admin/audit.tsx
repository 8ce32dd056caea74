import { AuditScreen } from '../../../features/audit/audit-screen';

export const AdminAuditRoute = () => <AuditScreen />;
