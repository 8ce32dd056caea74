import { formatCurrency } from '../../../domain/format';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';

interface SubmitConfirmProps {
  open: boolean;
  /** What the advertiser will owe: the budget less an applied coupon's discount. */
  totalDue: number;
  discount: { code: string; amount: number } | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Submit Order asks first, showing the total due (decision 018). */
export const SubmitConfirm = ({ open, totalDue, discount, busy, onConfirm, onCancel }: SubmitConfirmProps) => (
  <Modal
    open={open}
    onClose={() => {
      if (!busy) onCancel();
    }}
    title="Submit this order?"
    size="sm"
    footer={
      <>
        <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus>
          Keep Editing
        </Button>
        <Button onClick={onConfirm} loading={busy}>
          Submit Order
        </Button>
      </>
    }
  >
    <div className="space-y-2">
      <p>The traffic desk reviews it; you can withdraw it to draft until they do.</p>
      <p className="flex items-baseline justify-between gap-4 rounded-lg bg-slate-50 px-3 py-2">
        <span className="font-medium text-slate-700">Total due</span>
        <span data-testid="confirm-total-due" className="text-lg font-bold text-slate-900 tabular-nums">
          {formatCurrency(totalDue)}
        </span>
      </p>
      {discount && (
        <p className="text-sm text-slate-600">
          After the {discount.code} discount of {formatCurrency(discount.amount)}.
        </p>
      )}
    </div>
  </Modal>
);
