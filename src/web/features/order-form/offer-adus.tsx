/** The post-buy's ADU line (issue 43, decision 057): what the shortfall needs, what is pending, and (admins) offering the rest. */
import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatCount } from '../../../domain/format';
import { serverMessage } from '../../api/client';
import { useOfferAdus } from '../../api/audience';
import type { ReplyOf } from '../../api/typed';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';

type Adus = NonNullable<ReplyOf<'/api/estimates/{id}/post-buy', 'get'>['adus']>;

export const OfferAdus = ({ orderId, adus, admin }: { orderId: string; adus: Adus; admin: boolean }) => {
  const offer = useOfferAdus(orderId);
  const [confirming, setConfirming] = useState(false);
  const owed = adus.spots - adus.pending;
  return (
    <div className="mt-2">
      <p className="text-slate-600">
        ADUs: {formatCount(adus.spots)} no-charge {adus.spots === 1 ? 'spot' : 'spots'} in {adus.label} cover the shortfall
        {adus.pending > 0 && ` · ${formatCount(adus.pending)} pending (offered, accepted, or aired and not yet valued)`}
      </p>
      {admin && owed > 0 && (
        <Button size="sm" className="mt-2" loading={offer.isPending} onClick={() => setConfirming(true)}>
          Offer {formatCount(owed)} {owed === 1 ? 'ADU' : 'ADUs'}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title="Offer ADUs"
        message={`${formatCount(owed)} no-charge ${owed === 1 ? 'spot' : 'spots'} in ${adus.label} will be offered on the nearest free days from tomorrow. The advertiser accepts or declines each on the order; none is billed.`}
        confirmLabel="Offer ADUs"
        busy={offer.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          offer.mutate(undefined, {
            onSuccess: (reply) => {
              toast.success(reply.message);
              setConfirming(false);
            },
            onError: (error) => {
              toast.error(serverMessage(error, 'The ADUs could not be offered'));
              setConfirming(false);
            },
          })
        }
      />
    </div>
  );
};
