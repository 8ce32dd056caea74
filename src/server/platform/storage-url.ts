/**
 * STORAGE_URL: where media files live. Unset (or `file:` / a plain folder) = the data folder's
 * `media` folder; `s3://bucket[/prefix]?endpoint=...&region=...&forcePathStyle=true` = an
 * S3-compatible object store, with credentials from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY
 * (or the SDK's usual chain: profile, instance role).
 */
export interface S3Location {
  kind: 's3';
  bucket: string;
  /** Prepended to every key ("" or "some/folder/"). */
  prefix: string;
  /** An S3-compatible server's address (MinIO, Ceph, R2...); unset = AWS. */
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
}

export type StorageLocation = { kind: 'disk' } | S3Location;

/** Bucket names as S3 accepts them (3 to 63 lower-case letters, digits, dots and dashes). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const KNOWN = new Set(['endpoint', 'region', 'forcePathStyle']);

/** Parses STORAGE_URL; throws an Error whose message says what is wrong. */
export const parseStorageUrl = (value: string | undefined, defaultRegion = 'us-east-1'): StorageLocation => {
  if (!value) return { kind: 'disk' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('must be s3://bucket?region=... (or unset for the data folder)');
  }
  if (url.protocol !== 's3:') throw new Error(`unsupported scheme "${url.protocol}": use s3://bucket?region=... (or unset for the data folder)`);
  if (url.username || url.password) throw new Error('must not carry credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) throw new Error(`"${bucket}" is not a valid bucket name`);
  for (const name of url.searchParams.keys()) if (!KNOWN.has(name)) throw new Error(`unknown option "${name}" (known: endpoint, region, forcePathStyle)`);
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(endpoint);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) throw new Error('endpoint must be an http:// or https:// address');
  }
  const forcePathStyle = url.searchParams.get('forcePathStyle') ?? 'false';
  if (!['true', 'false'].includes(forcePathStyle)) throw new Error('forcePathStyle must be true or false');
  const region = url.searchParams.get('region') ?? defaultRegion;
  const segments = decodeURIComponent(url.pathname).split('/').filter(Boolean);
  if (segments.some((segment) => segment === '.' || segment === '..')) throw new Error('the key prefix must not contain "." or ".." segments');
  return { kind: 's3', bucket, prefix: segments.length ? `${segments.join('/')}/` : '', endpoint, region, forcePathStyle: forcePathStyle === 'true' };
};
