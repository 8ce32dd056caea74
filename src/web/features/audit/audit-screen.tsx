import { useState } from 'react';
import toast from 'react-hot-toast';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, actorLabel } from '../../../domain/audit';
import { useApiKeys } from '../../api/api-keys';
import { downloadAuditCsv, useAuditEvents, type AuditFilters } from '../../api/audit';
import { Button } from '../../ui/button';
import { LoadMore } from '../../ui/load-more';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { SearchIcon, ShieldIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
import { Table, Th, cellClasses } from '../../ui/table';
import { TextField } from '../../ui/text-field';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { formatTimestamp } from '../../ui/campaign-display';
import { SelectField } from '../../ui/form-fields';
import { LoadError } from '../../ui/load-error';
import { SearchBox } from '../../ui/search-box';
import { actionLabel, changesOf, entityLabel } from './audit-display';
import { AuditChanges } from './audit-changes';

const NO_FILTERS: AuditFilters = { entity: '', action: '', actor: '', api_key_id: '', date_from: '', date_to: '' };

/** Audit (admins): every recorded change, newest first, filtered and exported as CSV. */
export const AuditScreen = () => {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const actor = useDebouncedValue(filters.actor.trim());
  const query = { ...filters, actor };
  const events = useAuditEvents(query);
  const [exporting, setExporting] = useState(false);
  const listedKeys = useApiKeys().data?.api_keys ?? [];
  const set =
    <K extends keyof AuditFilters>(key: K) =>
    (value: AuditFilters[K]) =>
      setFilters((current) => ({ ...current, [key]: value }));

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(query);
      toast.success('Audit exported');
    } catch {
      toast.error('Failed to export the audit');
    } finally {
      setExporting(false);
    }
  };

  const rows = events.data?.pages.flatMap((page) => page.events) ?? [];
  const names: Record<string, string> = Object.assign({}, ...(events.data?.pages.map((page) => page.names) ?? []));
  // The keys to filter by: the station's (and the admin's own) and any key the loaded events name.
  const keys = new Map<string, string>();
  for (const key of listedKeys) keys.set(key.id, `${key.name} (${key.prefix}…)`);
  for (const event of rows) if (event.api_key) keys.set(event.api_key.id, `${event.api_key.name} (${event.api_key.prefix}…)`);
  const filtered = Object.values(filters).some((value) => value.trim() !== '');
  let content;
  if (events.isPending) {
    content = (
      <div className="flex justify-center py-16 text-blue-600">
        <Spinner className="size-8" label="Loading the audit trail…" />
      </div>
    );
  } else if (events.isError && rows.length === 0) {
    content = <LoadError title="The audit trail could not be loaded" error={events.error} retrying={events.isFetching} onRetry={() => events.refetch()} />;
  } else if (rows.length === 0) {
    content = filtered ? (
      <EmptyState icon={<SearchIcon />} title="No changes match these filters" description="Try another entity, action, person or date range." />
    ) : (
      <EmptyState
        icon={<ShieldIcon />}
        title="Nothing recorded yet"
        description="Every change to orders, media, invoices, payments, users and the rate card will be listed here."
      />
    );
  } else {
    content = (
      <>
        <Table caption="Audit events, newest first">
          <thead className="bg-slate-50">
            <tr>
              <Th>When</Th>
              <Th>Who</Th>
              <Th>API key</Th>
              <Th>What</Th>
              <Th>Changes</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((event) => (
              <tr key={event.id} className="align-top">
                <td className={`${cellClasses} whitespace-nowrap`}>{formatTimestamp(event.occurred_at)}</td>
                <td className={`${cellClasses} max-w-56 break-words`}>
                  <span className="block">{actorLabel(event)}</span>
                  {event.actor_role !== 'system' && event.actor_role !== 'anonymous' && (
                    <span className="text-xs text-slate-500">{event.actor_role === 'traffic_admin' ? 'Traffic admin' : 'Client'}</span>
                  )}
                </td>
                <td className={`${cellClasses} max-w-48 break-words`}>
                  {event.api_key ? (
                    <>
                      <span className="block">{event.api_key.name}</span>
                      <span className="font-mono text-xs text-slate-500">{event.api_key.prefix}…</span>
                    </>
                  ) : (
                    <span className="text-slate-400">—</span>
                  )}
                </td>
                <td className={cellClasses}>
                  <span className="block font-medium text-slate-900">
                    {entityLabel(event.entity)} · {actionLabel(event.action)}
                  </span>
                  {names[event.entity_id] ? (
                    <span className="block break-words text-xs text-slate-700" title={event.entity_id}>
                      {names[event.entity_id]}
                    </span>
                  ) : (
                    <span className="font-mono text-xs text-slate-500" title={event.entity_id}>
                      {event.entity_id.slice(0, 8)}
                    </span>
                  )}
                </td>
                <td className={`${cellClasses} min-w-64`}>
                  <AuditChanges changes={changesOf(event, names)} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
        <LoadMore pages={events} label="Load older changes" />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Audit"
        description="Who changed what and when: orders, items, campaigns, spots, media, coupons, invoices, payments, credit notes, users and the rate card. Nothing here can be edited."
        actions={
          <Button variant="secondary" loading={exporting} onClick={() => void onExport()}>
            Export CSV
          </Button>
        }
      />
      <Card>
        <div className="grid grid-cols-1 gap-3 border-b border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-6 lg:items-end">
          <SearchBox label="Person" value={filters.actor} onChange={set('actor')} placeholder='E-mail, or "system"' className="w-full" />
          <SelectField label="Entity" value={filters.entity} onChange={(e) => set('entity')(e.target.value as AuditFilters['entity'])}>
            <option value="">Everything</option>
            {AUDIT_ENTITIES.map((entity) => (
              <option key={entity} value={entity}>
                {entityLabel(entity)}
              </option>
            ))}
          </SelectField>
          <SelectField label="Action" value={filters.action} onChange={(e) => set('action')(e.target.value as AuditFilters['action'])}>
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {actionLabel(action)}
              </option>
            ))}
          </SelectField>
          <SelectField label="API key" value={filters.api_key_id} onChange={(e) => set('api_key_id')(e.target.value)}>
            <option value="">Any or none</option>
            {[...keys].map(([id, label]) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </SelectField>
          <TextField label="From" type="date" value={filters.date_from} max={filters.date_to || undefined} onChange={(e) => set('date_from')(e.target.value)} />
          <TextField label="To" type="date" value={filters.date_to} min={filters.date_from || undefined} onChange={(e) => set('date_to')(e.target.value)} />
        </div>
        <div className="relative">
          {events.isFetching && !events.isPending && !events.isFetchingNextPage && (
            <div className="absolute right-4 top-2 text-blue-600">
              <Spinner className="size-4" label="Updating" />
            </div>
          )}
          {content}
        </div>
      </Card>
    </>
  );
};
