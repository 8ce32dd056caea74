/** A budget or flight change an AdCP buyer asks of an approved buy, as Order Management lists it (decision 035). */
import { z } from 'zod';

export const pendingChangeSchema = z.object({
  media_buy_id: z.string(),
  order_name: z.string(),
  buyer: z.string().nullable(),
  task_id: z.string(),
  asked_at: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  total_budget: z.number(),
  previous: z.object({ start_date: z.string(), end_date: z.string(), total_budget: z.number() }),
});
export type PendingChangeView = z.infer<typeof pendingChangeSchema>;

export const changeDecisionReplySchema = z.object({ media_buy_id: z.string(), task_id: z.string(), status: z.enum(['completed', 'rejected']) });
