import { useState } from 'react';
import toast from 'react-hot-toast';
import type { PaymentMethod } from '../../../domain/payment-method-schemas';
import { serverMessage } from '../../api/client';
import { useCreatePaymentMethod } from '../../api/payment-methods';
import { ErrorAlert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { LockIcon } from '../../ui/icons';
import { TextField } from '../../ui/text-field';
import { cardEntryErrors, cardSummary, detectCardNetwork, type CardEntry, type CardField } from './card-checks';

const EMPTY: CardEntry = { number: '', expMonth: '', expYear: '', cvc: '' };

interface AddCardFormProps {
  brandId: string;
  /** The first card of a brand becomes its default anyway. */
  firstCard: boolean;
  onSaved: (card: PaymentMethod) => void;
  onCancel: () => void;
}

/**
 * A new card. The number and security code are checked here and forgotten after saving:
 * only the network, the last four digits and the expiry are sent.
 */
export const AddCardForm = ({ brandId, firstCard, onSaved, onCancel }: AddCardFormProps) => {
  const create = useCreatePaymentMethod();
  const [entry, setEntry] = useState<CardEntry>(EMPTY);
  const [makeDefault, setMakeDefault] = useState(firstCard);
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const network = detectCardNetwork(entry.number);

  const set = (field: CardField, value: string) => {
    setEntry((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const forget = () => setEntry(EMPTY);

  const save = () => {
    setFailure(null);
    const found = cardEntryErrors(entry);
    setErrors(found);
    const summary = cardSummary(entry);
    if (!summary) return;
    create.mutate(
      { brand_id: brandId, ...summary, is_default: makeDefault || firstCard },
      {
        onSuccess: (card) => {
          forget();
          toast.success('Card added');
          onSaved(card);
        },
        onError: (error) => {
          const message = serverMessage(error, 'Failed to add card');
          setFailure(message);
          toast.error(message);
        },
      },
    );
  };

  const cancel = () => {
    forget();
    onCancel();
  };

  return (
    <div role="group" aria-label="Add a card" className="mt-3 space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <p className="flex items-center gap-2 text-xs text-slate-600">
        <LockIcon className="size-4 text-slate-500" />
        Only the card type, last 4 digits and expiry are stored. The full number and security code never leave your browser.
      </p>
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <TextField
        label="Card Number"
        name="card-number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        maxLength={23}
        value={entry.number}
        onChange={(event) => set('number', event.target.value.replace(/[^\d\s-]/g, ''))}
        error={errors.number}
        hint={network ? `${network} card` : 'Visa, Mastercard, American Express or Discover'}
      />
      <div className="grid grid-cols-3 gap-3">
        <TextField
          label="Expiry Month"
          name="card-exp-month"
          inputMode="numeric"
          autoComplete="cc-exp-month"
          placeholder="MM"
          maxLength={2}
          value={entry.expMonth}
          onChange={(event) => set('expMonth', event.target.value.replace(/\D/g, ''))}
          error={errors.expMonth}
        />
        <TextField
          label="Expiry Year"
          name="card-exp-year"
          inputMode="numeric"
          autoComplete="cc-exp-year"
          placeholder="YYYY"
          maxLength={4}
          value={entry.expYear}
          onChange={(event) => set('expYear', event.target.value.replace(/\D/g, ''))}
          error={errors.expYear}
        />
        <TextField
          label="CVC"
          name="card-cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={network === 'American Express' ? '1234' : '123'}
          maxLength={4}
          value={entry.cvc}
          onChange={(event) => set('cvc', event.target.value.replace(/\D/g, ''))}
          error={errors.cvc}
        />
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={makeDefault || firstCard}
          disabled={firstCard}
          onChange={(event) => setMakeDefault(event.target.checked)}
          className="size-4 rounded border-slate-300 text-blue-600 focus:ring-blue-500"
        />
        Make this the default card
      </label>
      <div className="flex gap-2">
        <Button onClick={save} loading={create.isPending}>
          Save Card
        </Button>
        <Button variant="secondary" onClick={cancel} disabled={create.isPending}>
          Cancel
        </Button>
      </div>
    </div>
  );
};
