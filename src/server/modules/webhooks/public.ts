/**
 * What the webhooks module offers the other modules (issue 39): the endpoints others make, so that no
 * other module names webhook_endpoints. This file imports no other module, so that any module may import it.
 */
import { webhookEndpoints } from '../../db/schema';
import type { Tx } from '../../platform/db';

/**
 * Makes an endpoint of the user's subscribed to no event, so that only what is sent to it by name
 * reaches it (an AdCP buy's push notifications), signed with `secret`; in the caller's transaction.
 */
export const createUnsubscribedEndpoint = async (
  tx: Tx,
  endpoint: { userId: string; url: string; description: string; secret: string; authScheme: string | null },
): Promise<string> => {
  const [made] = await tx
    .insert(webhookEndpoints)
    .values({ ...endpoint, station: false, events: [] })
    .returning({ id: webhookEndpoints.id });
  return made!.id;
};
