import { RECONCILIATION_MESSAGES, reconcileBodySchema, type PendingCampaign, type ReconcileInput } from '../../../domain/reconciliation';

/** What the Reconcile form holds: the inputs' text. */
export interface ReconcileDraft {
  actualSpend: string;
  actualImpressions: string;
  notes: string;
  overrideReason: string;
}

export type ReconcileErrors = Partial<Record<'actual_spend' | 'actual_impressions' | 'notes' | 'override_reason', string>>;

type Figures = Pick<PendingCampaign, 'projected_spend' | 'projected_impressions' | 'aired_spend' | 'aired_impressions' | 'aired_spots'>;

/** The form's starting values: what aired when something did, else the projection (spend in dollars and cents). */
export const draftFrom = (campaign: Figures): ReconcileDraft => {
  const aired = campaign.aired_spots > 0;
  return {
    actualSpend: (aired ? campaign.aired_spend : campaign.projected_spend).toFixed(2),
    actualImpressions: String(Math.round(aired ? campaign.aired_impressions : campaign.projected_impressions)),
    notes: '',
    overrideReason: '',
  };
};

/** True when something aired and the draft's figures are not the aired ones: a reason is needed. */
export const overridesAired = (campaign: Figures, draft: ReconcileDraft): boolean =>
  campaign.aired_spots > 0 && (Number(draft.actualSpend) !== campaign.aired_spend || Number(draft.actualImpressions) !== campaign.aired_impressions);

const numberOrMissing = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim()));

/**
 * Checks the draft with the server's own schema: either the body to send or the first message per
 * field (the domain's wording: 'Actual spend is required', '… whole number, 0 or more', …).
 */
export const parseReconcileDraft = (
  draft: ReconcileDraft,
  needsReason = false,
): { ok: true; body: ReconcileInput } | { ok: false; errors: ReconcileErrors } => {
  const result = reconcileBodySchema.safeParse({
    actual_spend: numberOrMissing(draft.actualSpend),
    actual_impressions: numberOrMissing(draft.actualImpressions),
    notes: draft.notes.trim() === '' ? null : draft.notes,
    ...(needsReason && { override_reason: draft.overrideReason.trim() === '' ? null : draft.overrideReason }),
  });
  const errors: ReconcileErrors = {};
  if (needsReason && draft.overrideReason.trim() === '') errors.override_reason = RECONCILIATION_MESSAGES.reasonRequired;
  if (result.success && !errors.override_reason) return { ok: true, body: result.data };
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path[0];
    if ((field === 'actual_spend' || field === 'actual_impressions' || field === 'notes' || field === 'override_reason') && !errors[field])
      errors[field] = issue.message;
  }
  return { ok: false, errors };
};
