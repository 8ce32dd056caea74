import { reconcileBodySchema, type PendingCampaign, type ReconcileInput } from '../../../domain/reconciliation';

/** What the Reconcile form holds: the inputs' text. */
export interface ReconcileDraft {
  actualSpend: string;
  actualImpressions: string;
  notes: string;
}

export type ReconcileErrors = Partial<Record<'actual_spend' | 'actual_impressions' | 'notes', string>>;

/** The projection, as the form's starting values (spend in dollars and cents). */
export const draftFrom = (campaign: Pick<PendingCampaign, 'projected_spend' | 'projected_impressions'>): ReconcileDraft => ({
  actualSpend: campaign.projected_spend.toFixed(2),
  actualImpressions: String(Math.round(campaign.projected_impressions)),
  notes: '',
});

const numberOrMissing = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim()));

/**
 * Checks the draft with the server's own schema: either the body to send or the first message per
 * field (the domain's wording: 'Actual spend is required', '… whole number, 0 or more', …).
 */
export const parseReconcileDraft = (draft: ReconcileDraft): { ok: true; body: ReconcileInput } | { ok: false; errors: ReconcileErrors } => {
  const result = reconcileBodySchema.safeParse({
    actual_spend: numberOrMissing(draft.actualSpend),
    actual_impressions: numberOrMissing(draft.actualImpressions),
    notes: draft.notes.trim() === '' ? null : draft.notes,
  });
  if (result.success) return { ok: true, body: result.data };
  const errors: ReconcileErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'actual_spend' || field === 'actual_impressions' || field === 'notes') && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
};
