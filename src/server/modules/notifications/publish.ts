/**
 * Publishing a notification: rows per recipient, a live `notification` to their rooms (and an
 * `estimate_updated` to the order's room so open order pages refresh), and e-mail to the active recipients of the
 * type. Live and e-mail delivery never block or fail the request: they run after the rows are
 * committed, errors are logged.
 */
import type { AppContext } from '../../context';
import type { Tx } from '../../platform/db';
import { activeRecipients, composeMail } from './mail';
import type { Notifier, Staged } from './notifier';
import { storeNotifications, toNotification, trimNotifications, type NotificationInput, type Recipients } from './store';

export type { Notifier, Staged } from './notifier';

export const createNotifier = (ctx: Omit<AppContext, 'notifier' | 'stationClock' | 'statistics' | 'sessionCache'>): Notifier => {
  const inFlight = new Set<Promise<void>>();
  let closed = false;

  const track = (work: Promise<void>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  const emit = ({ input, rows }: Staged) => {
    ctx.realtime.emitNotifications(rows.map((row) => ({ userId: row.userId, notification: toNotification(row) })));
    // Everyone watching the order (its owner or an admin) learns that it changed, not what was said to whom.
    if (input.estimateId) ctx.realtime.emitEstimateUpdate({ estimateId: input.estimateId, status: input.status ?? null });
  };

  const mail = async (input: NotificationInput) => {
    const recipients = await activeRecipients(ctx.db, input.type);
    await Promise.all(recipients.map((to) => ctx.mailer.send(composeMail(ctx.config.appUrl, to, input))));
  };

  /** Each recipient's history back to its newest 50, now that the rows are committed (decision 022, amended). */
  const trim = (staged: Staged) =>
    trimNotifications(
      ctx.db,
      staged.rows.map((row) => row.userId),
    ).catch((error: unknown) => ctx.log.error({ err: error }, 'could not trim notification histories'));

  const deliver = (staged: Staged) => {
    if (closed) return;
    // On the next turn of the event loop: the caller's reply is written first, then the fan-out is
    // encoded and sent, then the histories are trimmed.
    track(
      new Promise<void>((resolve) =>
        setImmediate(() => {
          try {
            emit(staged);
          } catch (error) {
            ctx.log.error({ err: error }, 'could not emit notification');
          }
          resolve(trim(staged));
        }),
      ),
    );
    track(mail(staged.input).catch((error: unknown) => ctx.log.error({ err: error, type: staged.input.type }, 'could not mail notification')));
  };

  return {
    deliver,
    async close() {
      closed = true;
      await Promise.allSettled([...inFlight]);
    },
  };
};

/** Stores the rows in the caller's transaction; deliver them with ctx.notifier once it has committed. */
export const stageNotification = async (tx: Tx, to: Recipients, input: NotificationInput): Promise<Staged> => ({
  input,
  rows: await storeNotifications(tx, to, input),
});

/**
 * Stores a notification for its recipients and delivers it live and by e-mail, without waiting
 * for the e-mail. Call it after your own transaction has committed.
 */
export const publishNotification = async ({
  ctx,
  to,
  notification,
}: {
  ctx: Pick<AppContext, 'db' | 'notifier'>;
  to: Recipients;
  notification: NotificationInput;
}): Promise<void> => {
  ctx.notifier.deliver(await stageNotification(ctx.db, to, notification));
};
