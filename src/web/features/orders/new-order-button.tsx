import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { serverMessage } from '../../api/client';
import { useCreateEstimate } from '../../api/estimates';
import { paths } from '../../config/paths';
import { Button } from '../../ui/button';
import type { ButtonVariant } from '../../ui/button-styles';
import { PlusIcon } from '../../ui/icons';
import { FRESH_DRAFT_STATE } from '../order-form/discard-untouched-draft';

export const CREATE_ORDER_FAILED = 'Failed to create order';

/** Creates a draft and opens it in edit mode; left untouched, the draft is discarded (decision 018). */
export const NewOrderButton = ({ label = 'New Order', variant = 'primary' }: { label?: string; variant?: ButtonVariant }) => {
  const navigate = useNavigate();
  const create = useCreateEstimate();
  return (
    <Button
      variant={variant}
      loading={create.isPending}
      onClick={() =>
        create.mutate(
          {},
          {
            onSuccess: (order) => navigate(`${paths.app.estimate.href(order.id)}?edit=true`, { state: FRESH_DRAFT_STATE }),
            onError: (error) => toast.error(serverMessage(error, CREATE_ORDER_FAILED)),
          },
        )
      }
    >
      {!create.isPending && <PlusIcon className="size-4" />}
      {label}
    </Button>
  );
};
