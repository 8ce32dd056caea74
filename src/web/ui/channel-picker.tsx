import { useId } from 'react';
import { channelLabel, type Channel } from '../../domain/channel-schemas';
import { useChannels } from '../api/channels';

/** The channels a buy may be for: the active ones, the default first (decision 053). */
export const useActiveChannels = (): Channel[] => (useChannels().data ?? []).filter((c) => c.active);

export const channelOptionLabel = (c: Channel) => `${channelLabel(c)} · ${c.name}`;

/**
 * A select of the active channels, shown only while more than one is active (with one, every screen is
 * the specification's, which names no channel). `value` undefined is the default channel.
 */
export const ChannelPicker = ({ value, onChange, label = 'Channel' }: { value: string | undefined; onChange: (id: string) => void; label?: string }) => {
  const id = useId();
  const channels = useActiveChannels();
  if (channels.length < 2) return null;
  return (
    <div className="mb-4 flex items-center gap-2 text-sm">
      <label htmlFor={id} className="font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value ?? channels.find((c) => c.is_default)?.id ?? ''}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-md border border-slate-300 px-2 py-1.5 text-sm"
      >
        {channels.map((c) => (
          <option key={c.id} value={c.id}>
            {channelOptionLabel(c)}
          </option>
        ))}
      </select>
    </div>
  );
};
