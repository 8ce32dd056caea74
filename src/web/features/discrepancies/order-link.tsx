import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** An order's name linking to its page, and its brand after it when known. */
export const OrderLink = ({ order }: { order: { estimate_id: string; estimate_name: string | null; brand_name?: string | null } }) => (
  <>
    <Link to={paths.app.estimate.href(order.estimate_id)} className="text-blue-700 hover:underline">
      {order.estimate_name || 'Untitled order'}
    </Link>
    {order.brand_name && <span className="text-slate-500"> · {order.brand_name}</span>}
  </>
);
