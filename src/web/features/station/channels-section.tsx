import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { channelInputSchema, channelLabel, type Channel } from '../../../domain/channel-schemas';
import { useAddChannel, useChannels, useUpdateChannel } from '../../api/channels';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { Table, Th, cellClasses } from '../../ui/table';
import { TextField } from '../../ui/text-field';

const FIELDS = [
  { key: 'name', label: 'Name', hint: 'As the channel is known, e.g. MeTV' },
  { key: 'call_letters', label: 'Call letters', hint: 'The station’s, e.g. WSPT or WSPT-TV' },
  { key: 'channel_number', label: 'Channel number', hint: 'Major and minor, e.g. 6.2' },
  { key: 'market', label: 'Market', hint: 'Optional' },
  { key: 'time_zone', label: 'Time zone', hint: 'IANA name, e.g. America/Chicago; blank for the station’s' },
  { key: 'short_name', label: 'BXF short name', hint: 'How master control names it; optional' },
] as const;
type FieldKey = (typeof FIELDS)[number]['key'];
type Draft = Record<FieldKey, string>;

const draftOf = (channel: Channel | null): Draft => ({
  name: channel?.name ?? '',
  call_letters: channel?.call_letters ?? '',
  channel_number: channel?.channel_number ?? '',
  market: channel?.market ?? '',
  time_zone: channel?.own_time_zone ? channel.time_zone : '',
  short_name: channel?.short_name ?? '',
});

/** Adds a channel, or edits one (`channel`). */
const ChannelForm = ({ channel, onDone }: { channel: Channel | null; onDone: () => void }) => {
  const [draft, setDraft] = useState<Draft>(() => draftOf(channel));
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({});
  const add = useAddChannel();
  const update = useUpdateChannel();
  const saving = add.isPending || update.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = channelInputSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    const done = {
      onSuccess: () => {
        toast.success(channel ? 'Channel saved' : 'Channel added');
        onDone();
      },
      onError: (error: Error) => toast.error(error.message),
    };
    if (channel) update.mutate({ id: channel.id, body: parsed.data }, done);
    else add.mutate(parsed.data, done);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {FIELDS.map((field) => (
        <TextField
          key={field.key}
          label={field.label}
          hint={field.hint}
          name={field.key}
          autoComplete="off"
          value={draft[field.key]}
          error={errors[field.key]}
          required={field.key === 'name' || field.key === 'call_letters' || field.key === 'channel_number'}
          onChange={(e) => setDraft((d) => ({ ...d, [field.key]: e.target.value }))}
        />
      ))}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {channel ? 'Save channel' : 'Add channel'}
        </Button>
      </div>
    </form>
  );
};

type Pending = { kind: 'default' | 'deactivate' | 'activate'; channel: Channel };

const PENDING_TEXT: Record<Pending['kind'], { title: string; message: (c: Channel) => string; confirm: string }> = {
  default: {
    title: 'Make this the default channel?',
    message: (c) => `Orders, dayparts and logs that name no channel will be ${channelLabel(c)} (${c.name})'s from now on.`,
    confirm: 'Make default',
  },
  deactivate: {
    title: 'Deactivate this channel?',
    message: (c) => `No new order can buy ${channelLabel(c)} (${c.name}); its orders, logs and invoices stay as they are.`,
    confirm: 'Deactivate',
  },
  activate: { title: 'Activate this channel?', message: (c) => `${channelLabel(c)} (${c.name}) can be bought again.`, confirm: 'Activate' },
};

/** Station Settings' Channels (issue 41, decision 053): the program streams and stations this Spotbook sells. */
export const ChannelsSection = () => {
  const channels = useChannels();
  const update = useUpdateChannel();
  const [editing, setEditing] = useState<Channel | 'new' | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  const confirm = () => {
    if (!pending) return;
    const body = pending.kind === 'default' ? { is_default: true as const } : { active: pending.kind === 'activate' };
    update.mutate(
      { id: pending.channel.id, body },
      {
        onSuccess: () => toast.success(PENDING_TEXT[pending.kind].confirm + ': done'),
        onError: (e) => toast.error(e.message),
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <section aria-labelledby="channels-heading" className="p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="channels-heading" className="text-base font-semibold text-slate-900">
            Channels
          </h2>
          <p className="text-sm text-slate-600">Each channel has its own rate card and orders. Calls and screens that name no channel use the default.</p>
        </div>
        <Button onClick={() => setEditing('new')}>Add channel</Button>
      </div>
      {channels.isPending ? (
        <Spinner label="Loading channels…" />
      ) : channels.isError ? (
        <EmptyState tone="error" title="The channels could not be loaded" description={channels.error.message} />
      ) : (
        <Table caption="Channels">
          <thead>
            <tr>
              <Th>Channel</Th>
              <Th>Name</Th>
              <Th>Market</Th>
              <Th>Time zone</Th>
              <Th>BXF short name</Th>
              <Th>Status</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {channels.data.map((channel) => (
              <tr key={channel.id}>
                <td className={cellClasses}>{channelLabel(channel)}</td>
                <td className={cellClasses}>
                  {channel.name} {channel.is_default && <Badge tone="blue">Default</Badge>}
                </td>
                <td className={cellClasses}>{channel.market ?? '—'}</td>
                <td className={cellClasses}>
                  {channel.time_zone}
                  {!channel.own_time_zone && <span className="block text-xs text-slate-500">the station’s</span>}
                </td>
                <td className={cellClasses}>{channel.short_name ?? '—'}</td>
                <td className={cellClasses}>{channel.active ? <Badge tone="green">Active</Badge> : <Badge>Inactive</Badge>}</td>
                <td className={`${cellClasses} whitespace-nowrap text-right`}>
                  <Button variant="ghost" size="sm" aria-label={`Edit ${channel.name}`} onClick={() => setEditing(channel)}>
                    Edit
                  </Button>
                  {!channel.is_default && channel.active && (
                    <Button variant="ghost" size="sm" aria-label={`Make default: ${channel.name}`} onClick={() => setPending({ kind: 'default', channel })}>
                      Make default
                    </Button>
                  )}
                  {!channel.is_default && (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`${channel.active ? 'Deactivate' : 'Activate'} ${channel.name}`}
                      onClick={() => setPending({ kind: channel.active ? 'deactivate' : 'activate', channel })}
                    >
                      {channel.active ? 'Deactivate' : 'Activate'}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Modal open={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Add a channel' : 'Edit channel'}>
        {editing !== null && <ChannelForm channel={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
      <ConfirmDialog
        open={pending !== null}
        title={pending ? PENDING_TEXT[pending.kind].title : ''}
        message={pending ? PENDING_TEXT[pending.kind].message(pending.channel) : ''}
        confirmLabel={pending ? PENDING_TEXT[pending.kind].confirm : ''}
        busy={update.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </section>
  );
};
