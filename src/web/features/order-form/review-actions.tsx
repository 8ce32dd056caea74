import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { MAX_NOTES } from '../../../domain/estimate-schemas';
import type { MediaStatus } from '../../../domain/media-schemas';
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
  { decision: 'approved', action: 'approve', label: 'Approve', title: 'Approve Order', prompt: 'The order is booked and its spots are taken from the dayparts’ availability.', done: 'Order approved', toastMs: 5000, variant: 'primary' },
  { decision: 'modified', action: 'modify', label: 'Request Changes', title: 'Request Changes', prompt: 'The advertiser can edit the order and submit it again. Say what should change.', done: 'Changes requested', toastMs: 5000, variant: 'secondary' },
  { decision: 'rejected', action: 'reject', label: 'Reject', title: 'Reject Order', prompt: 'The advertiser is told the order was rejected.', done: 'Order rejected', toastMs: 6000, variant: 'danger' },
];

/** The server's refusal too (an order is approved only with approved media); its message is shown as it comes. */
export const MEDIA_FIRST = "Approve the order's media first";

/**
 * The traffic desk's decisions on the order page: ordered → approve, reject or request changes;
 * modified → approve or reject. Approval waits for the order's media to be approved (decision 018):
 * `mediaStatus` undefined while unknown, null when the order has no media.
 */
export const ReviewActions = ({ orderId, status, mediaStatus }: { orderId: string; status: OrderStatus; mediaStatus?: MediaStatus | null }) => {
  const review = useReviewEstimate();
  const [open, setOpen] = useState<Review | null>(null);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const noteId = useId();
  const available = REVIEWS.filter((r) => canReview(status, r.decision));
  if (available.length === 0) return null;
  const mediaBlocks = open?.decision === 'approved' && mediaStatus !== undefined && mediaStatus !== 'approved';

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
            <Button variant={open?.variant === 'secondary' ? 'primary' : (open?.variant ?? 'primary')} onClick={confirm} loading={review.isPending} disabled={mediaBlocks}>
              {open?.label}
            </Button>
          </>
        }
      >
        <div className="space-y-3">
          <p>{open?.prompt}</p>
          {mediaBlocks && (
            <ErrorAlert>
              {MEDIA_FIRST}: {mediaStatus ? `its media is ${mediaStatus === 'pending' ? 'pending review' : 'rejected'}` : 'the order has no media'}. Use Play under Creative to review it.
            </ErrorAlert>
          )}
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
