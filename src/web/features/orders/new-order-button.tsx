import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { serverMessage } from '../../api/client';
import { useCreateEstimate } from '../../api/estimates';
import { paths } from '../../config/paths';
import { Button } from '../../ui/button';
import type { ButtonVariant } from '../../ui/button-styles';
import { channelOptionLabel, useActiveChannels } from '../../ui/channel-picker';
import { PlusIcon } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { FRESH_DRAFT_STATE } from '../order-form/discard-untouched-draft';

export const CREATE_ORDER_FAILED = 'Failed to create order';

/**
 * Creates a draft and opens it in edit mode; left untouched, the draft is discarded (decision 018). While
 * more than one channel is active, it first asks which channel the order buys (decision 053).
 */
export const NewOrderButton = ({ label = 'New Order', variant = 'primary' }: { label?: string; variant?: ButtonVariant }) => {
  const navigate = useNavigate();
  const create = useCreateEstimate();
  const channels = useActiveChannels();
  const [choosing, setChoosing] = useState(false);
  const [channelId, setChannelId] = useState<string | undefined>(undefined);
  const chosen = channelId ?? channels.find((c) => c.is_default)?.id;

  const createOrder = (body: { channel_id?: string }) =>
    create.mutate(body, {
      onSuccess: (order) => navigate(`${paths.app.estimate.href(order.id)}?edit=true`, { state: FRESH_DRAFT_STATE }),
      onError: (error) => toast.error(serverMessage(error, CREATE_ORDER_FAILED)),
    });

  return (
    <>
      <Button variant={variant} loading={create.isPending && !choosing} onClick={() => (channels.length > 1 ? setChoosing(true) : createOrder({}))}>
        {!create.isPending && <PlusIcon className="size-4" />}
        {label}
      </Button>
      <Modal
        open={choosing}
        onClose={() => setChoosing(false)}
        title="Which channel does this order buy?"
        footer={
          <>
            <Button variant="secondary" onClick={() => setChoosing(false)}>
              Cancel
            </Button>
            <Button loading={create.isPending} disabled={!chosen} onClick={() => chosen && createOrder({ channel_id: chosen })}>
              Create order
            </Button>
          </>
        }
      >
        <fieldset>
          <legend className="mb-2 text-sm text-slate-600">An order buys one channel: its dayparts and rates are that channel&apos;s.</legend>
          {channels.map((c) => (
            <label key={c.id} className="flex items-center gap-2 py-1 text-sm text-slate-800">
              <input type="radio" name="order-channel" value={c.id} checked={chosen === c.id} onChange={() => setChannelId(c.id)} className="size-4" />
              {channelOptionLabel(c)}
            </label>
          ))}
        </fieldset>
      </Modal>
    </>
  );
};
