import { useId, useState } from 'react';
import { formatCurrency } from '../../../domain/format';
import { Button } from '../../ui/button';
import { CheckCircleIcon, TagIcon } from '../../ui/icons';
import { inputClasses } from '../../ui/text-field';
import type { AppliedCoupon } from './use-applied-coupon';

interface CouponEntryProps {
  applied: AppliedCoupon;
  applying: boolean;
  /** Checks the code; resolves with the reason when it cannot be applied. */
  onApply: (code: string) => Promise<string | null>;
  onRemove: () => void;
}

/** 'Coupon Code' with Apply; once applied, the discount (or why it no longer applies) with Remove. */
export const CouponEntry = ({ applied, applying, onApply, onRemove }: CouponEntryProps) => {
  const id = useId();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  if (applied.state !== 'none') {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
        <p role="status" className="flex items-center gap-2 text-sm">
          {applied.state === 'valid' ? (
            <>
              <CheckCircleIcon className="size-5 text-green-600" />
              <span className="font-medium text-green-800">
                {applied.code} applied: −{formatCurrency(applied.discount)}
              </span>
            </>
          ) : applied.state === 'invalid' ? (
            <>
              <TagIcon className="size-5 text-red-600" />
              <span className="text-red-700">
                <span className="font-medium">{applied.code}</span>: {applied.message}
              </span>
            </>
          ) : (
            <>
              <TagIcon className="size-5 text-slate-500" />
              <span className="text-slate-600">Checking {applied.code}…</span>
            </>
          )}
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setCode('');
            setMessage(null);
            onRemove();
          }}
        >
          Remove
        </Button>
      </div>
    );
  }

  const apply = async () => {
    setMessage(null);
    const problem = await onApply(code);
    if (problem) setMessage(problem);
    else setCode('');
  };

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        Coupon Code
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={code}
          maxLength={50}
          placeholder="e.g. SAVE10"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-message` : undefined}
          onChange={(event) => {
            setCode(event.target.value.toUpperCase());
            setMessage(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void apply();
            }
          }}
          className={`${inputClasses(Boolean(message))} max-w-xs uppercase placeholder:normal-case`}
        />
        <Button variant="secondary" onClick={() => void apply()} loading={applying}>
          Apply
        </Button>
      </div>
      {message && (
        <p id={`${id}-message`} role="alert" className="mt-1 text-sm text-red-600">
          {message}
        </p>
      )}
    </div>
  );
};
