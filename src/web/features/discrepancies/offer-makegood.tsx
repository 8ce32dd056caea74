import toast from 'react-hot-toast';
import { serverMessage } from '../../api/client';
import { useOfferMakegood } from '../../api/traffic-desk';
import { Button } from '../../ui/button';

/** "Offer makegood" on a missed spot not offered yet (decision 058): the nearest free day of its window, the advertiser told. */
export const OfferMakegood = ({ spotId, label }: { spotId: string; label: string }) => {
  const offer = useOfferMakegood();
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={offer.isPending}
      aria-label={`Offer makegood for ${label}`}
      onClick={() =>
        offer.mutate(spotId, {
          onSuccess: (reply) => toast.success(reply.message),
          onError: (error) => toast.error(serverMessage(error, 'Could not offer a makegood')),
        })
      }
    >
      Offer makegood
    </Button>
  );
};
