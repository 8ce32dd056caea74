/**
 * Calls typed by the server's contract (decision 040): the path, its parameters, the body and the
 * reply come from src/web/api/schema.d.ts, generated from the OpenAPI document (`npm run api:types`).
 * Every call goes through apiRequest, so errors, the token and the session-ended handling stay one.
 */
import { API_BASE } from '../../domain/constants';
import { apiPage, apiRequest } from './client';
import type { paths } from './schema';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : undefined;

/** The paths that answer `method`. */
export type PathsFor<M extends Method> = { [P in keyof paths]: paths[P][M] extends { responses: unknown } ? P : never }[keyof paths];
type Operation<P extends keyof paths, M extends Method> = paths[P][M] extends infer O ? (O extends { responses: unknown } ? O : never) : never;

/** The reply of a success (200, else 201, else 202; a 204 answers nothing). */
export type ReplyOf<P extends PathsFor<M>, M extends Method> = SuccessOf<Operation<P, M>['responses']>;
type SuccessOf<R> = R extends { 200: infer S } ? Json<S> : R extends { 201: infer S } ? Json<S> : R extends { 202: infer S } ? Json<S> : undefined;
/** The JSON body the operation takes. */
export type BodyOf<P extends PathsFor<M>, M extends Method> = Operation<P, M> extends { requestBody?: infer B } ? Json<NonNullable<B>> : never;

type PathParams<O> = O extends { parameters: { path: infer Params } } ? (Params extends Record<string, unknown> ? Params : never) : never;
type QueryParams<O> = O extends { parameters: { query?: infer Query } } ? Query : never;
/** The query parameters the operation takes (all optional in this API). */
export type QueryOf<P extends PathsFor<M>, M extends Method> = NonNullable<QueryParams<Operation<P, M>>>;
type RequestBody<O> = O extends { requestBody: infer B } ? Json<B> : O extends { requestBody?: infer B } ? Json<NonNullable<B>> | undefined : never;

/** A part is left out when the operation has none, optional when every field of it is. */
type Part<Key extends string, Value> = [Value] extends [never]
  ? { [K in Key]?: never }
  : undefined extends Value
    ? { [K in Key]?: Value }
    : Partial<Value> extends Value
      ? { [K in Key]?: Value }
      : { [K in Key]: Value };
/** `keepalive`: the request outlives the page (a save sent as the tab closes). */
type CallOptions<O> = Part<'path', PathParams<O>> &
  Part<'query', QueryParams<O>> &
  Part<'body', RequestBody<O>> & { signal?: AbortSignal; keepalive?: boolean };
type OptionsArg<O> = object extends CallOptions<O> ? [options?: CallOptions<O>] : [options: CallOptions<O>];

type QueryValue = string | number | boolean | null | undefined;

/** `/api/brands/{id}` with `{ id }` filled in (encoded) and the query appended, relative to API_BASE. */
export const urlFor = (template: string, path?: Record<string, string | number>, query?: Record<string, QueryValue | QueryValue[]>): string => {
  let url = template.startsWith(API_BASE) ? template.slice(API_BASE.length) : template;
  url = url.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = path?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${template}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
};

type LooseOptions = { path?: Record<string, string>; query?: Record<string, QueryValue>; body?: unknown; signal?: AbortSignal; keepalive?: boolean };

const caller =
  <M extends Method>(method: M) =>
  <P extends PathsFor<M>>(path: P, ...[options]: OptionsArg<Operation<P, M>>): Promise<ReplyOf<P, M>> => {
    const { path: params, query, body, signal, keepalive } = (options ?? {}) as LooseOptions;
    return apiRequest<ReplyOf<P, M>>(urlFor(path, params, query), { method: method.toUpperCase() as Uppercase<M>, body, signal, keepalive });
  };

/** One keyset page of a list (src/domain/list-page.ts): the reply and the X-Next-Cursor of the next page, if any. */
const page = <P extends PathsFor<'get'>>(
  path: P,
  ...[options]: OptionsArg<Operation<P, 'get'>>
): Promise<{ body: ReplyOf<P, 'get'>; nextCursor: string | null }> => {
  const { path: params, query, signal } = (options ?? {}) as LooseOptions;
  return apiPage<ReplyOf<P, 'get'>>(urlFor(path, params, query), { signal });
};

/** The address of a file the contract serves (a PDF, a CSV), for downloadFile: `/api/billing/{id}/pdf` with `{ id }` filled in. */
export const fileUrl = <P extends PathsFor<'get'>>(path: P, ...[options]: OptionsArg<Operation<P, 'get'>>): string => {
  const { path: params, query } = (options ?? {}) as LooseOptions;
  return urlFor(path, params, query);
};

/** `api.get('/api/brands/{id}', { path: { id } })`: reply, body, path and query typed by the contract. */
export const api = {
  get: caller('get'),
  post: caller('post'),
  put: caller('put'),
  patch: caller('patch'),
  delete: caller('delete'),
  page,
};
