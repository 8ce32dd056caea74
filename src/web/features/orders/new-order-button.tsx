import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { buttonClasses } from '../../ui/button-styles';
import type { ButtonVariant } from '../../ui/button-styles';
import { PlusIcon } from '../../ui/icons';

/** Opens the order form; the draft is stored on its first save, not before (decision 018). */
export const NewOrderButton = ({ label = 'New Order', variant = 'primary' }: { label?: string; variant?: ButtonVariant }) => (
  <Link to={paths.app.newEstimate.href()} className={buttonClasses({ variant })}>
    <PlusIcon className="size-4" />
    {label}
  </Link>
);
