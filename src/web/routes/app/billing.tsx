import { MyBillingPage } from '../../features/my-billing/my-billing-page';

export const BillingRoute = () => <MyBillingPage />;
