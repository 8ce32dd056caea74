import { NewOrder } from '../../features/order-form/new-order';

export const NewEstimateRoute = () => <NewOrder />;
