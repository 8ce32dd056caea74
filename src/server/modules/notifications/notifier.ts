/** The notifier's interface, apart from its implementation (publish.ts) so that context.ts can name it without a cycle. */
import type { NotificationInput, storeNotifications } from './store';

export interface Staged {
  input: NotificationInput;
  rows: Awaited<ReturnType<typeof storeNotifications>>;
}

export interface Notifier {
  /** Emits and mails a notification whose rows are committed. */
  deliver(staged: Staged): void;
  /** Waits for sends in flight. */
  close(): Promise<void>;
}
