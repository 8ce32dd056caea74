/**
 * The mail port. Every message is written to the outbox table first. The embedded adapter stops
 * there (and prints the message); with SMTP, a `mail.deliver` job sends it with nodemailer and
 * records the outcome, retrying failures with a growing delay before marking them failed. A
 * delivery first claims its row (queued → sending), so that one message has one sender.
 * Sending never throws into, nor waits on, the caller's request.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { mailOutbox, type MailAttachmentRow } from '../db/schema';
import type { Db, Tx } from './db';
import type { JobQueue } from './jobs';

/** A file sent with a message (an invoice's PDF). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

/** The outbox keeps attachments as base64 in jsonb (null when there are none). */
const storedAttachments = (message: MailMessage): MailAttachmentRow[] | null =>
  message.attachments?.length
    ? message.attachments.map((a) => ({ filename: a.filename, content_type: a.contentType, content_base64: a.content.toString('base64') }))
    : null;

const outboxValues = (message: MailMessage, status: 'queued' | 'stored') => ({
  toAddress: message.to,
  subject: message.subject,
  textBody: message.text,
  htmlBody: message.html ?? null,
  attachments: storedAttachments(message),
  status,
});

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Stores the message in the outbox inside the caller's transaction (a failure fails the
   * transaction); answers what to call once it has committed to send it.
   */
  stage(tx: Tx, message: MailMessage): Promise<() => void>;
  close(): Promise<void>;
}

interface MailerOptions {
  db: Db;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  smtpUrl: string | undefined;
  from: string;
  echo: boolean;
  /** Waits before each retry; a message fails for good after the last one. */
  retryDelaysMs: readonly number[];
}

const DELIVER_JOB = 'mail.deliver';

const printMessage = (message: MailMessage) => {
  const files = (message.attachments ?? []).map((a) => `Attached: ${a.filename} (${a.contentType}, ${a.content.length} bytes)\n`).join('');
  process.stdout.write(`\n──── mail to ${message.to} ────\nSubject: ${message.subject}\n${files}\n${message.text}\n────────────────────────────\n`);
};

export const createMailer = ({ db, log, jobs, smtpUrl, from, echo, retryDelaysMs }: MailerOptions): Mailer => {
  // nodemailer is loaded only when SMTP is configured: the outbox alone does not need it.
  const transport = smtpUrl ? import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)) : undefined;
  const timers = new Set<NodeJS.Timeout>();

  const deliver = async ({ outboxId }: { outboxId: string }) => {
    if (!transport) return;
    // Claiming the row first means one sender per message, even with several instances working.
    const [row] = await db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1` })
      .where(and(eq(mailOutbox.id, outboxId), eq(mailOutbox.status, 'queued')))
      .returning();
    if (!row) return;
    const attempts = row.attempts;
    try {
      await (
        await transport
      ).sendMail({
        from,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        ...(row.htmlBody && { html: row.htmlBody }),
        ...(row.attachments?.length && {
          attachments: row.attachments.map((a) => ({ filename: a.filename, contentType: a.content_type, content: Buffer.from(a.content_base64, 'base64') })),
        }),
      });
      await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, outboxId));
    } catch (error) {
      const delay = retryDelaysMs[attempts - 1];
      const lastError = String((error as Error).message).slice(0, 500);
      await db
        .update(mailOutbox)
        .set({ status: delay === undefined ? 'failed' : 'queued', lastError })
        .where(eq(mailOutbox.id, outboxId));
      log.warn({ err: error, outboxId, attempts, retryInMs: delay }, 'mail delivery failed');
      if (delay !== undefined) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          void jobs.enqueue(DELIVER_JOB, { outboxId }).catch(() => undefined);
        }, delay);
        timer.unref();
        timers.add(timer);
      }
    }
  };

  if (transport) {
    jobs.register(DELIVER_JOB, z.object({ outboxId: z.uuid() }), deliver, { concurrency: 2 });
    // Messages a previous process queued, or was sending when it stopped, go out now (at least once).
    void db
      .update(mailOutbox)
      .set({ status: 'queued' })
      .where(inArray(mailOutbox.status, ['queued', 'sending']))
      .returning({ id: mailOutbox.id })
      .then((rows) => Promise.all(rows.map((r) => jobs.enqueue(DELIVER_JOB, { outboxId: r.id }))))
      .catch((error: unknown) => log.error({ err: error }, 'could not resume queued mail'));
  }

  return {
    async stage(tx, message) {
      const [row] = await tx
        .insert(mailOutbox)
        .values(outboxValues(message, transport ? 'queued' : 'stored'))
        .returning({ id: mailOutbox.id });
      return () => {
        if (transport)
          void jobs
            .enqueue(DELIVER_JOB, { outboxId: row!.id })
            .catch((error: unknown) => log.error({ err: error }, 'could not queue outgoing mail (it goes at the next start)'));
        else if (echo) printMessage(message);
      };
    },
    async send(message) {
      try {
        const [row] = await db
          .insert(mailOutbox)
          .values(outboxValues(message, transport ? 'queued' : 'stored'))
          .returning({ id: mailOutbox.id });
        if (transport) await jobs.enqueue(DELIVER_JOB, { outboxId: row!.id });
        else if (echo) printMessage(message);
      } catch (error) {
        log.error({ err: error }, 'could not record outgoing mail');
      }
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      if (transport) (await transport).close();
    },
  };
};
