import { z } from 'zod';
import { ROLES } from './roles';

export const userListItemSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  full_name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company: z.string().nullable(),
  role: z.enum(ROLES),
  /** Set when the account is an agency: the commission it keeps (a fraction); null otherwise. */
  agency_commission_rate: z.number().nullable(),
  created_at: z.string(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

export const userCountsSchema = z.object({ total: z.number(), admins: z.number(), clients: z.number() });
export type UserCounts = z.infer<typeof userCountsSchema>;

/** The users list; `counts` (everyone, by role) only when a page was asked for (src/domain/list-page.ts). */
/** PATCH /users/:id (decision 053): the channels a traffic admin is limited to; empty for every channel. */
export const userUpdateSchema = z
  .object({
    channel_ids: z
      .array(z.uuid({ error: 'Channel not found' }), { error: 'channel_ids must be a list of channel ids' })
      .max(500, 'channel_ids may name at most 500 channels'),
  })
  .strict();
export const USER_CHANNEL_MESSAGES = {
  clientsHaveNoChannels: 'Only a traffic admin can be limited to channels',
  limitedCannotLimit: 'Only an admin of every channel can limit admins to channels',
  updated: 'Channels updated',
} as const;

export const usersReplySchema = z.object({ users: z.array(userListItemSchema), counts: userCountsSchema.optional() });

export const deleteUserConfirmation = (email: string): string => `Are you sure you want to delete user ${email}? This action cannot be undone.`;

export const fullName = (first: string | null, last: string | null): string | null => {
  const name = [first, last]
    .filter((part) => part && part.trim())
    .join(' ')
    .trim();
  return name || null;
};

/** An advertiser as billing lists name it: the company, else the person, else the e-mail (issue 29, item 20). */
export const advertiserName = (company: string | null, first: string | null, last: string | null, email: string): string =>
  company?.trim() || fullName(first, last) || email;
