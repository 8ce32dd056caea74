import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, type AuditAction, type AuditEntity, type AuditEvent } from '../../../domain/audit';

const MONEY_FIELD = /_cents$/;
const HIDDEN_FIELDS = new Set(['id', 'created_at']);

/** A field name in words: total_spend_cents → "Total spend". */
export const fieldLabel = (field: string): string => {
  const words = field.replace(MONEY_FIELD, '').replace(/_id$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A stored value in words: cents as dollars, empty as a dash, lists joined, a known id by its name. */
export const fieldValue = (field: string, value: unknown, names: Record<string, string> = {}): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (field.endsWith('_id') && typeof value === 'string' && names[value]) return names[value];
  if (MONEY_FIELD.test(field) && typeof value === 'number') return (value / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

export const entityLabel = (entity: string) => AUDIT_ENTITY_LABELS[entity as AuditEntity] ?? entity;
export const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;

/** The changes worth showing: the changed fields on an update, the filled-in fields on create and delete. */
export const changesOf = (
  event: Pick<AuditEvent, 'before' | 'after'>,
  names: Record<string, string> = {},
): { field: string; from: string | null; to: string | null }[] => {
  const { before, after } = event;
  const whole = !before || !after;
  const source = after ?? before ?? {};
  return Object.keys(source)
    .filter((field) => !HIDDEN_FIELDS.has(field) && (!whole || (source[field] !== null && source[field] !== '')))
    .sort()
    .map((field) => ({ field, from: before ? fieldValue(field, before[field], names) : null, to: after ? fieldValue(field, after[field], names) : null }));
};
