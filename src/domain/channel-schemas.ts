/**
 * Channels (issue 41, decision 053): one program stream of a licence (6.1, 6.2…) or one station of a group.
 * The station that existed before channels is the first channel and the default one; a call that names no
 * channel acts on the default.
 */
import { z } from 'zod';
import { isTimeZone } from './dates';
import { blankToNull, callLetters } from './station-schemas';

export const CHANNEL_MESSAGES = {
  notFound: 'Channel not found',
  inactive: 'This channel is not active',
  duplicateNumber: 'A channel with these call letters and channel number already exists',
  duplicateShortName: 'A channel with this short name already exists',
  defaultInactive: 'The default channel cannot be deactivated: make another channel the default first',
  defaultOnlyActive: 'Only an active channel can be the default',
  unsetDefault: 'Make another channel the default instead',
  limitedAdmin: 'Only an admin of every channel can add or change channels',
  daypartOfOtherChannel: "This daypart belongs to another channel than the order's",
} as const;

const channelNumber = z
  .string({ error: 'Channel number is required' })
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'Channel number must be a major number with an optional minor, such as 6.1');
const channelName = z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters');
const market = blankToNull(z.string({ error: 'Market must be text' }).max(100, 'Market must be at most 100 characters'));
const timeZone = blankToNull(
  z.string({ error: 'Time zone must be text' }).refine((v) => isTimeZone(v), 'Time zone must be an IANA time zone such as America/New_York'),
);
const shortName = blankToNull(
  z
    .string({ error: 'Short name must be text' })
    .max(32, 'Short name must be at most 32 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*$/, 'Short name may hold letters, digits, spaces, dots, dashes and underscores'),
);
const active = z.boolean({ error: 'Active must be true or false' });

export const channelInputSchema = z
  .object({
    call_letters: callLetters,
    channel_number: channelNumber,
    name: channelName,
    market,
    /** Left out or blank: the station's time zone. */
    time_zone: timeZone,
    /** BXF's Channel shortName. */
    short_name: shortName,
    active: active.optional(),
  })
  .strict();
export type ChannelInput = z.infer<typeof channelInputSchema>;

export const channelUpdateSchema = z
  .object({
    call_letters: callLetters.optional(),
    channel_number: channelNumber.optional(),
    name: channelName.optional(),
    market,
    time_zone: timeZone,
    short_name: shortName,
    active: active.optional(),
    /** true makes this channel the default (the one the specification's calls act on). */
    is_default: z.literal(true, { error: 'is_default can only be set to true: make another channel the default instead' }).optional(),
  })
  .strict();
export type ChannelUpdate = z.infer<typeof channelUpdateSchema>;

export const channelSchema = z.object({
  id: z.uuid(),
  call_letters: z.string().nullable(),
  channel_number: z.string(),
  name: z.string(),
  market: z.string().nullable(),
  /** The channel's IANA time zone (the station's when it sets none). */
  time_zone: z.string(),
  /** Whether the channel keeps its own zone (false: it follows the station's). */
  own_time_zone: z.boolean(),
  short_name: z.string().nullable(),
  active: z.boolean(),
  is_default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;

/** `?channel_id=`: one channel; left out, the default channel (or all, where a list says so). */
export const channelFilterSchema = z.object({ channel_id: z.uuid({ error: CHANNEL_MESSAGES.notFound }).optional() });

/** "WSPT 6.1" (call letters and number), or the number alone. */
export const channelLabel = (c: { call_letters: string | null; channel_number: string }) =>
  c.call_letters ? `${c.call_letters} ${c.channel_number}` : c.channel_number;
