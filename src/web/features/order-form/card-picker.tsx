import { useEffect, useState } from 'react';
import { serverMessage } from '../../api/client';
import { usePaymentMethods } from '../../api/payment-methods';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { PlusIcon } from '../../ui/icons';
import { Spinner } from '../../ui/spinner';
import { AddCardForm } from './add-card-form';
import { cardLabel } from '../../ui/order-form-display';

interface CardPickerProps {
  brandId: string | null;
  value: string | null;
  onChange: (paymentMethodId: string | null) => void;
}

/** The brand's saved cards as a radio list, the default marked, with a form to add one. */
export const CardPicker = ({ brandId, value, onChange }: CardPickerProps) => {
  const cards = usePaymentMethods(brandId);
  const [adding, setAdding] = useState(false);
  // The brand's default card is chosen until the advertiser picks another (issue 44: Submit failed for want of a card).
  const defaultCardId = cards.data?.find((card) => card.is_default)?.id ?? null;
  useEffect(() => {
    if (value === null && defaultCardId) onChange(defaultCardId);
  }, [value, defaultCardId, onChange]);

  if (!brandId) return <p className="text-sm text-slate-500">Select a brand to choose one of its cards.</p>;

  const list = cards.data ?? [];
  return (
    <div>
      {cards.isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner className="size-4" /> Loading cards…
        </p>
      ) : cards.isError ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-red-600">
          {serverMessage(cards.error, 'Failed to load cards')}
          <Button variant="secondary" size="sm" onClick={() => cards.refetch()} loading={cards.isFetching}>
            Try Again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-600">No saved cards for this brand yet. Add one below.</p>
      ) : (
        <fieldset>
          <legend className="sr-only">Payment card</legend>
          <ul className="space-y-2">
            {list.map((card) => (
              <li key={card.id}>
                <label
                  className={`flex cursor-pointer items-center gap-3 rounded-lg border p-3 hover:border-slate-300 ${value === card.id ? 'border-blue-300 bg-blue-50/40' : 'border-slate-200'}`}
                >
                  <input
                    type="radio"
                    name="order-card"
                    value={card.id}
                    checked={value === card.id}
                    onChange={() => onChange(card.id)}
                    className="size-4 text-blue-600 focus:ring-blue-500"
                  />
                  <span className="flex-1 text-sm font-medium text-slate-900">{cardLabel(card)}</span>
                  {card.is_default && <Badge tone="blue">Default</Badge>}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {adding ? (
        <AddCardForm
          brandId={brandId}
          firstCard={!cards.isPending && list.length === 0}
          onSaved={(card) => {
            setAdding(false);
            onChange(card.id);
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => setAdding(true)}>
          <PlusIcon className="size-4" />
          Add Card
        </Button>
      )}
    </div>
  );
};
