/** The signed-in user a request acts as: its own file so that the session cache and the service both name it without importing each other. */
import type { ApiKeyScope } from '../../../domain/api-keys';
import type { SessionUser } from '../../../domain/auth';

export interface Actor extends SessionUser {
  /** The session signed in with; for an API key `key:<id>` (decision 030). */
  sessionId: string;
  /** A traffic admin limited to these channels (decision 053); empty: every channel. */
  channelIds: readonly string[];
  /** Set when the call came with an API key: it acts as its owner, narrowed by these scopes. */
  apiKey?: { id: string; name: string; scopes: ApiKeyScope[] };
}
