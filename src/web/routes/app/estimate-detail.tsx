import { useParams } from 'react-router';
import { OrderDetail } from '../../features/order-form/order-detail';

export const EstimateDetailRoute = () => {
  const { id = '' } = useParams();
  return <OrderDetail key={id} id={id} />;
};
