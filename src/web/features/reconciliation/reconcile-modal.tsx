import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { formatCount, formatCurrency } from '../../../domain/format';
import type { PendingCampaign } from '../../../domain/reconciliation';
import { serverMessage } from '../../api/client';
import { useReconcileCampaign } from '../../api/reconciliation';
import { ErrorAlert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { TextAreaField } from '../../ui/form-fields';
import { draftFrom, overridesAired, parseReconcileDraft, type ReconcileDraft, type ReconcileErrors } from './reconcile-form';
import { RECONCILIATION_TOASTS } from './reconciliation-messages';

export const ReconcileModal = ({ campaign, onClose }: { campaign: PendingCampaign | null; onClose: () => void }) =>
  campaign ? <ReconcileForm key={campaign.id} campaign={campaign} onClose={onClose} /> : null;

const ReconcileForm = ({ campaign, onClose }: { campaign: PendingCampaign; onClose: () => void }) => {
  const formId = useId();
  const reconcile = useReconcileCampaign();
  const [draft, setDraft] = useState<ReconcileDraft>(() => draftFrom(campaign));
  const [errors, setErrors] = useState<ReconcileErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (field: keyof ReconcileDraft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  const needsReason = overridesAired(campaign, draft);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseReconcileDraft(draft, needsReason);
    if (!parsed.ok) return setErrors(parsed.errors);

    setErrors({});
    setFailure(null);
    reconcile.mutate(
      { id: campaign.id, body: parsed.body },
      {
        onSuccess: () => {
          toast.success(RECONCILIATION_TOASTS.reconciled);
          onClose();
        },
        onError: (error) => {
          const message = serverMessage(error, RECONCILIATION_TOASTS.reconcileFailed);
          setFailure(message);
          toast.error(message);
        },
      },
    );
  };

  const close = () => {
    if (!reconcile.isPending) onClose();
  };

  return (
    <Modal
      open
      onClose={close}
      title="Reconcile Campaign"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={reconcile.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={reconcile.isPending}>
            Reconcile
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-3">
          <div className="col-span-2">
            <dt className="text-xs text-slate-500">Campaign</dt>
            <dd className="font-medium text-slate-900">{campaign.estimate_name}</dd>
          </div>
          <div className="col-span-2">
            <dt className="text-xs text-slate-500">Brand</dt>
            <dd className="text-slate-900">{campaign.brand_name ?? '—'}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Projected Spend</dt>
            <dd className="tabular-nums text-slate-900">{formatCurrency(campaign.projected_spend)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Projected Impressions</dt>
            <dd className="tabular-nums text-slate-900">{formatCount(campaign.projected_impressions)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Aired Spend</dt>
            <dd className="tabular-nums text-slate-900">{formatCurrency(campaign.aired_spend)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Aired Impressions</dt>
            <dd className="tabular-nums text-slate-900">
              {formatCount(campaign.aired_impressions)}{' '}
              <span className="text-xs text-slate-500">
                ({campaign.aired_spots} {campaign.aired_spots === 1 ? 'spot' : 'spots'})
              </span>
            </dd>
          </div>
        </dl>
        {campaign.not_started && (
          // The modal is the confirmation (decision 010): the spec's Reconcile flow keeps its one click.
          <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            <strong>Not started.</strong> This flight has not begun, so nothing has aired yet. Reconcile it now only if these figures are final.
          </p>
        )}
        {failure && <ErrorAlert>{failure}</ErrorAlert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Actual Spend"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={draft.actualSpend}
            onChange={(e) => set('actualSpend')(e.target.value)}
            error={errors.actual_spend}
            aria-required="true"
            hint="US dollars"
            data-autofocus
          />
          <TextField
            label="Actual Impressions"
            type="number"
            inputMode="numeric"
            min={0}
            step="1"
            value={draft.actualImpressions}
            onChange={(e) => set('actualImpressions')(e.target.value)}
            error={errors.actual_impressions}
            aria-required="true"
            hint="Whole number"
          />
        </div>
        {needsReason && (
          <TextAreaField
            label="Override reason"
            value={draft.overrideReason}
            onChange={(e) => set('overrideReason')(e.target.value)}
            error={errors.override_reason}
            rows={2}
            maxLength={2000}
            hint="The figures differ from what aired: say why"
            aria-required="true"
          />
        )}
        <TextAreaField
          label="Notes"
          value={draft.notes}
          onChange={(e) => set('notes')(e.target.value)}
          error={errors.notes}
          rows={3}
          maxLength={2000}
          hint="Optional"
        />
      </form>
    </Modal>
  );
};
