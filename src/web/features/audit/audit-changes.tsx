import { fieldLabel } from './audit-display';

/** A change's fields: "Status: Ordered → Approved", or the values set on create and delete. */
export const AuditChanges = ({ changes, limit = 8 }: { changes: { field: string; from: string | null; to: string | null }[]; limit?: number }) => {
  if (changes.length === 0) return <span className="text-slate-500">—</span>;
  const shown = changes.slice(0, limit);
  return (
    <ul className="space-y-0.5 text-xs">
      {shown.map(({ field, from, to }) => (
        <li key={field} className="break-words">
          <span className="font-medium text-slate-600">{fieldLabel(field)}:</span>{' '}
          {from !== null && to !== null ? (
            <>
              <span className="text-slate-500 line-through decoration-slate-300">{from}</span> → <span className="text-slate-900">{to}</span>
            </>
          ) : (
            <span className="text-slate-900">{to ?? from}</span>
          )}
        </li>
      ))}
      {changes.length > limit && <li className="text-slate-500">and {changes.length - limit} more</li>}
    </ul>
  );
};
