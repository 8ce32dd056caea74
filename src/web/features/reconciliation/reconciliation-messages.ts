import { RECONCILIATION_MESSAGES } from '../../../domain/reconciliation';

/** The reconciliation screen's toasts (spec section 8). */
export const RECONCILIATION_TOASTS = {
  loadFailed: 'Failed to load reconciliation data',
  reconciled: RECONCILIATION_MESSAGES.reconciled,
  reconcileFailed: 'Failed to reconcile campaign',
  exported: 'Report downloaded successfully',
  exportFailed: 'Failed to export report',
} as const;
