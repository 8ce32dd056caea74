import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { MAX_NOTES } from '../../../domain/estimate-schemas';
import { ESTIMATE_MESSAGES } from '../../../domain/estimate-schemas';
import type { MediaAsset } from '../../../domain/media-schemas';
import { canReview, type OrderStatus, type ReviewDecision } from '../../../domain/orders';
import { serverMessage } from '../../api/client';
import { useReviewEstimate, type ReviewAction } from '../../api/estimates';
import { ErrorAlert } from '../../ui/alert';
import { Button } from '../../ui/button';
import type { ButtonVariant } from '../../ui/button-styles';
import { Modal } from '../../ui/modal';
import { inputClasses } from '../../ui/text-field';

interface Review {
  decision: ReviewDecision;
  action: ReviewAction;
  label: string;
  title: string;
  prompt: string;
  done: string;
  /** How long the success toast stays (spec section 9). */
  toastMs: number;
  variant: ButtonVariant;
}

const REVIEWS: readonly Review[] = [
  {
    decision: 'approved',
    action: 'approve',
    label: 'Approve',
    title: 'Approve Order',
    prompt: 'The order is booked and its spots are taken from the dayparts’ availability.',
    done: 'Order approved',
    toastMs: 5000,
    variant: 'primary',
  },
  {
    decision: 'modified',
    action: 'modify',
    label: 'Request Changes',
    title: 'Request Changes',
    prompt: 'The advertiser can edit the order and submit it again. Say what should change.',
    done: 'Changes requested',
    toastMs: 5000,
    variant: 'secondary',
  },
  {
    decision: 'rejected',
    action: 'reject',
    label: 'Reject',
    title: 'Reject Order',
    prompt: 'The advertiser is told the order was rejected.',
    done: 'Order rejected',
    toastMs: 6000,
    variant: 'danger',
  },
];

/** Processing stages before the video check has passed (the server's media gate, decision 008). */
const UNCHECKED_STAGES = ['uploaded', 'probing'];

/**
 * What the order's media means for approving it, as the server's media gate answers (decision 008):
 * a rejected or unchecked spot holds the approval back (the server's messages); a checked pending
 * spot is approved with the order. `media` is undefined while unknown, null when the order has none.
 */
export const mediaForApproval = (media: MediaAsset | null | undefined): { refusal: string } | { note: string } | null => {
  if (!media || media.status === 'approved') return null;
  if (media.status === 'rejected') return { refusal: ESTIMATE_MESSAGES.mediaRejectedForApproval };
  if (UNCHECKED_STAGES.includes(media.processing_stage)) return { refusal: ESTIMATE_MESSAGES.mediaUncheckedForApproval };
  return { note: `Approving the order also approves its media, ${media.filename}: check it under Creative first.` };
};

/**
 * The traffic desk's decisions on the order page: ordered → approve, reject or request changes;
 * modified → approve or reject. Approval follows the order's media (mediaForApproval); a refusal the
 * server still gives is shown as its message.
 */
export const ReviewActions = ({ orderId, status, media }: { orderId: string; status: OrderStatus; media?: MediaAsset | null }) => {
  const review = useReviewEstimate();
  const [open, setOpen] = useState<Review | null>(null);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const noteId = useId();
  const available = REVIEWS.filter((r) => canReview(status, r.decision));
  if (available.length === 0) return null;
  const gate = open?.decision === 'approved' ? mediaForApproval(media) : null;
  const refusal = gate && 'refusal' in gate ? gate.refusal : null;

  const close = () => {
    if (review.isPending) return;
    setOpen(null);
    setNote('');
    setFailure(null);
  };

  const confirm = () => {
    if (!open) return;
    const chosen = open;
    setFailure(null);
    review.mutate(
      { id: orderId, action: chosen.action, notes: note.trim() || undefined },
      {
        onSuccess: () => {
          toast.success(chosen.done, { duration: chosen.toastMs });
          setOpen(null);
          setNote('');
        },
        onError: (error) => {
          const message = serverMessage(error, `Failed to ${chosen.label.toLowerCase()} the order`);
          setFailure(message);
          toast.error(message);
        },
      },
    );
  };

  return (
    <>
      {available.map((r) => (
        <Button key={r.action} variant={r.variant} onClick={() => setOpen(r)}>
          {r.label}
        </Button>
      ))}
      <Modal
        open={open !== null}
        onClose={close}
        title={open?.title ?? ''}
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={review.isPending} data-autofocus>
              Cancel
            </Button>
            <Button
              variant={open?.variant === 'secondary' ? 'primary' : (open?.variant ?? 'primary')}
              onClick={confirm}
              loading={review.isPending}
              disabled={refusal !== null}
            >
              {open?.label}
            </Button>
          </>
        }
      >
        <div className="space-y-3">
          <p>{open?.prompt}</p>
          {refusal && <ErrorAlert>{refusal}</ErrorAlert>}
          {gate && 'note' in gate && <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">{gate.note}</p>}
          {failure && <ErrorAlert>{failure}</ErrorAlert>}
          <div>
            <label htmlFor={noteId} className="mb-1 block text-sm font-medium text-slate-700">
              Note
            </label>
            <textarea
              id={noteId}
              rows={4}
              maxLength={MAX_NOTES}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              placeholder="Optional — shown to the advertiser"
              className={inputClasses(false)}
            />
          </div>
        </div>
      </Modal>
    </>
  );
};
