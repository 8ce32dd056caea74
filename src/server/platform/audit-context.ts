/**
 * Who is acting, for the audit trail. Each request runs in an AsyncLocalStorage scope; every
 * transaction opened inside it first sets the transaction-local `spotbook.actor`, which the
 * database's audit triggers read (migration 0012_audit_trail). Work outside a request scope (the
 * station clock, jobs) is recorded as the system.
 */
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { sql } from 'drizzle-orm';

interface AuditActor {
  id: string;
  email: string;
  role: string;
  /** The API key the request came with (decision 030): the trail records which key acted. */
  apiKey?: { id: string };
}

interface AuditScope {
  requestId: string;
  /** Read when a transaction opens: the guard signs the user in after the scope begins. */
  actor: () => AuditActor | null | undefined;
  /** True once the request's client has gone before its reply (decision 022). */
  gone?: () => boolean;
}

const storage = new AsyncLocalStorage<AuditScope>();

/** Runs `next` (the rest of a request's hooks and its handler) inside the request's audit scope. */
export const enterAuditScope = (requestId: string, actor: AuditScope['actor'], next: () => void, gone?: () => boolean): AsyncResource => {
  // Made inside the scope, so that re-entering it later (after the body is read) restores the scope.
  return storage.run({ requestId, actor, gone }, () => {
    const resource = new AsyncResource('spotbook-audit-scope');
    resource.runInAsyncScope(next);
    return resource;
  });
};

/** Whether the current request's client has gone, asked later (when queued work would start); never for work outside a request. */
export const requestGoneCheck = (): (() => boolean) => storage.getStore()?.gone ?? (() => false);

/** Runs work as the system, outside any request's scope (jobs a request merely started). */
export const asSystem = <T>(work: () => T): T => storage.exit(work);

/** The JSON for `spotbook.actor`, or null when no request is acting. */
export const currentAuditActor = (): string | null => {
  const scope = storage.getStore();
  if (!scope) return null;
  const actor = scope.actor();
  return JSON.stringify(
    actor
      ? { id: actor.id, email: actor.email, role: actor.role, request_id: scope.requestId, ...(actor.apiKey ? { api_key_id: actor.apiKey.id } : {}) }
      : { role: 'anonymous', request_id: scope.requestId },
  );
};

export const setAuditActorSql = (actor: string) => sql`select set_config('spotbook.actor', ${actor}, true)`;
