import { RateCardScreen } from '../../../features/rate-card/rate-card-screen';

export const AdminRateCardRoute = () => <RateCardScreen />;
