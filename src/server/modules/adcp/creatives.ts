/**
 * sync_creatives and list_creatives (decision 035). Each creative's video is fetched from its URL,
 * streamed into storage through the webhooks' SSRF guard (the address actually connected to is
 * checked; no redirects; the media upload's 2 GB limit), then enters the media pipeline as an upload
 * does (ffprobe check, thumbnail and preview, the desk's approval). A valid Ad-ID in
 * `industry_identifiers` is required. Status: processing → pending_review → approved | rejected.
 */
import { randomUUID } from 'node:crypto';
import { parseAdId } from '../../../domain/ad-id';
import http from 'node:http';
import https from 'node:https';
import { Transform, type Readable } from 'node:stream';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { mediaTypeOf } from '../../../domain/media-schemas';
import { cleanFileName } from '../../../domain/validation';
import { adcpCreatives, adcpMediaBuys } from '../../db/schema';
import { mediaIdOfAdId, mediaIdentities, recordStoredMedia } from '../media/public';
import { firstBrandOrMade } from '../brands/public';
import { ordersView } from '../orders/views';
import type { Db, Tx } from '../../platform/db';
import type { JobQueue } from '../../platform/jobs';
import type { Storage } from '../../platform/storage';
import type { Actor } from '../auth/service';
import { lockOrder, setOrderMedia } from '../orders/public';
import { approveOrderMedia } from '../orders/transitions';
import { PROCESS_MEDIA_JOB, stageMessage } from '../media/processing';
import { guardedLookup, PrivateAddressError } from '../webhooks/address-guard';
import { brandOfAccount, type AccountRef } from './accounts';
import { buyerNameOf } from './buys';
import type { StoredPackage } from './flight';
import { formatIdOf, lengthOfFormat, type StationIdentity } from './station';

const FETCH_TIMEOUT_MS = 60_000;

export interface CreativeInput {
  creative_id: string;
  name: string;
  format_id: string | { id: string; agent_url?: string };
  assets?: Record<string, { url?: string } & Record<string, unknown>>;
  industry_identifiers?: { type?: string; value?: string }[];
  ext?: Record<string, unknown>;
}

export interface SyncInput {
  creatives: CreativeInput[];
  assignments?: { creative_id: string; package_id: string }[] | Record<string, string[]> | null;
  dry_run?: boolean | null;
  account?: AccountRef | null;
}

export interface CreativeRuntime {
  db: Db;
  storage: Storage;
  jobs: JobQueue;
  maxBytes: number;
  allowPrivate: boolean;
}

const formatIdText = (format: CreativeInput['format_id']) => (typeof format === 'string' ? format : format?.id);

/** The Ad-ID among the creative's industry identifiers (AdCP 3.1), or in `ext.ad_id`. */
const adIdOf = (creative: CreativeInput) => {
  const identifier = creative.industry_identifiers?.find((i) => (i.type ?? '').toLowerCase().replace(/[-_]/g, '') === 'adid');
  return identifier?.value ?? (typeof creative.ext?.ad_id === 'string' ? creative.ext.ad_id : undefined);
};

const videoUrlOf = (creative: CreativeInput) => {
  const assets = Object.values(creative.assets ?? {});
  return assets.find((a) => typeof a.url === 'string')?.url;
};

class FetchRefused extends Error {}

/** Streams a URL into storage under a new key: guarded lookup, no redirects, the byte limit, a time limit. */
const fetchInto = async (runtime: CreativeRuntime, url: string, assetId: string) => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new FetchRefused('The creative URL is not a valid address');
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.username || parsed.password)
    throw new FetchRefused('The creative URL must be an http or https address without credentials');
  const filename = cleanFileName(decodeURIComponent(parsed.pathname.split('/').pop() ?? ''), 'creative.mp4');
  const get = parsed.protocol === 'https:' ? https.get : http.get;
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = get(parsed, { lookup: guardedLookup(runtime.allowPrivate), timeout: FETCH_TIMEOUT_MS }, resolve);
    request.on('timeout', () => request.destroy(new FetchRefused('The creative URL did not answer in time')));
    request.on('error', reject);
  }).catch((error: unknown) => {
    if (error instanceof FetchRefused) throw error;
    if (error instanceof PrivateAddressError) throw new FetchRefused('The creative URL must not point to a loopback, private, link-local or metadata address');
    throw new FetchRefused(`The creative URL could not be fetched: ${(error as Error).message}`);
  });
  if (response.statusCode !== 200) {
    response.resume();
    throw new FetchRefused(`The creative URL answered ${response.statusCode ?? 'nothing'} (redirects are not followed)`);
  }
  const mimeType = mediaTypeOf(filename, String(response.headers['content-type'] ?? ''));
  if (!mimeType) {
    response.resume();
    throw new FetchRefused('Unsupported file type. Allowed types: MP4, MXF, MOV, MPG');
  }
  const declared = Number(response.headers['content-length']);
  if (declared >= runtime.maxBytes) {
    response.destroy();
    throw new FetchRefused('File too large. Maximum size is 2GB');
  }
  let seen = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen >= runtime.maxBytes ? new FetchRefused('File too large. Maximum size is 2GB') : null, chunk);
    },
  });
  const ext = filename.split('.').pop()!.toLowerCase();
  const key = `${assetId}.original.${ext}`;
  const source: Readable = response.pipe(limit);
  response.on('error', (error) => limit.destroy(error));
  limit.on('error', () => response.destroy());
  const size = await runtime.storage.put(key, source).catch((error: unknown) => {
    throw error instanceof FetchRefused ? error : new FetchRefused(`The creative could not be stored: ${(error as Error).message}`);
  });
  if (size === 0) {
    await runtime.storage.delete(key);
    throw new FetchRefused('The creative URL answered an empty file');
  }
  return { key, filename, mimeType, size };
};

/** The brand a creative belongs to: its package's order's, else the account's (an agency's advertiser), else the account's latest AdCP buy's, else the account's first. */
const brandForCreative = async (tx: Tx, actor: Actor, estimateId: string | undefined, accountBrandId: string | undefined) => {
  if (estimateId) {
    const [order] = await tx.select({ brandId: ordersView.brandId }).from(ordersView).where(eq(ordersView.id, estimateId)).limit(1);
    if (order?.brandId) return order.brandId;
  }
  if (accountBrandId) return accountBrandId;
  const [latest] = await tx
    .select({ brandId: ordersView.brandId })
    .from(adcpMediaBuys)
    .innerJoin(ordersView, eq(ordersView.id, adcpMediaBuys.estimateId))
    .where(eq(adcpMediaBuys.ownerId, actor.id))
    .orderBy(desc(adcpMediaBuys.createdAt))
    .limit(1);
  if (latest?.brandId) return latest.brandId;
  return firstBrandOrMade(tx, actor.id, async () => (await buyerNameOf(tx, actor)).slice(0, 200));
};

/** Assignments in either shape: `[{ creative_id, package_id }]` (3.x) or `{ creative_id: [package_id] }` (2.x). */
const assignmentList = (input: SyncInput['assignments']): { creative_id: string; package_id: string }[] => {
  if (!input) return [];
  if (Array.isArray(input)) return input;
  return Object.entries(input).flatMap(([creative_id, packages]) =>
    Array.isArray(packages) ? packages.map((package_id) => ({ creative_id, package_id: String(package_id) })) : [],
  );
};

/** The buy (order) holding a package id among the account's buys; the package ids are unique per buy, so the newest wins. */
const findPackage = async (tx: Tx, actor: Actor, packageId: string) => {
  const rows = await tx
    .select({ estimateId: adcpMediaBuys.estimateId, packages: adcpMediaBuys.packages })
    .from(adcpMediaBuys)
    .where(and(eq(adcpMediaBuys.ownerId, actor.id), sql`${adcpMediaBuys.packages} @> ${JSON.stringify([{ package_id: packageId }])}::jsonb`))
    .orderBy(desc(adcpMediaBuys.createdAt))
    .limit(1);
  return rows[0];
};

export const syncCreatives = async ({ runtime, actor, input }: { runtime: CreativeRuntime; actor: Actor; input: SyncInput }) => {
  const { db } = runtime;
  const assignments = assignmentList(input.assignments);
  const accountBrand = await db.transaction((tx) => brandOfAccount(tx, actor, input.account));
  const results = [];
  const fetched: string[] = [];
  for (const creative of input.creatives) {
    const errors: string[] = [];
    const length = lengthOfFormat(formatIdText(creative.format_id) ?? '');
    if (!length) errors.push(`Unknown format ${formatIdText(creative.format_id) ?? ''}: use ${formatIdOf(15)}, ${formatIdOf(30)} or ${formatIdOf(60)}`);
    const adIdText = adIdOf(creative);
    const parsedAdId = adIdText ? parseAdId(adIdText) : undefined;
    const adId = parsedAdId?.ok ? parsedAdId.value : undefined;
    if (!adIdText) errors.push('An Ad-ID is required: send industry_identifiers [{ "type": "ad_id", "value": "ABCD1234000H" }]');
    else if (parsedAdId && !parsedAdId.ok) errors.push(parsedAdId.error);
    const url = videoUrlOf(creative);
    if (!url) errors.push('The creative needs a video asset with a url');
    if (errors.length > 0 || input.dry_run) {
      results.push({
        creative_id: creative.creative_id,
        action: errors.length ? ('failed' as const) : ('unchanged' as const),
        ...(errors.length && { errors }),
      });
      continue;
    }
    const [existing] = await db
      .select()
      .from(adcpCreatives)
      .where(and(eq(adcpCreatives.ownerId, actor.id), eq(adcpCreatives.creativeId, creative.creative_id)))
      .limit(1);
    const takenId = await mediaIdOfAdId(db, adId!);
    const taken = takenId === undefined ? undefined : { id: takenId };
    if (taken && taken.id !== existing?.mediaAssetId) {
      results.push({
        creative_id: creative.creative_id,
        action: 'failed' as const,
        errors: [`Ad-ID ${adId} already names another commercial at this station`],
      });
      continue;
    }
    if (existing?.mediaAssetId && taken?.id === existing.mediaAssetId) {
      // The same commercial again: its name may change, its video does not.
      await db.transaction((tx) =>
        tx
          .update(adcpCreatives)
          .set({ name: creative.name, updatedAt: new Date() })
          .where(and(eq(adcpCreatives.ownerId, actor.id), eq(adcpCreatives.creativeId, creative.creative_id))),
      );
      results.push({ creative_id: creative.creative_id, action: 'unchanged' as const, platform_id: existing.mediaAssetId });
      continue;
    }
    const firstPackage = assignments.find((a) => a.creative_id === creative.creative_id)?.package_id;
    const assetId = randomUUID();
    let stored: Awaited<ReturnType<typeof fetchInto>>;
    try {
      stored = await fetchInto(runtime, url!, assetId);
    } catch (error) {
      if (!(error instanceof FetchRefused)) throw error;
      results.push({ creative_id: creative.creative_id, action: 'failed' as const, errors: [error.message] });
      continue;
    }
    try {
      await db.transaction(async (tx) => {
        const packageBuy = firstPackage ? await findPackage(tx, actor, firstPackage) : undefined;
        const brandId = await brandForCreative(tx, actor, packageBuy?.estimateId, accountBrand?.id);
        await recordStoredMedia(tx, {
          id: assetId,
          brandId,
          uploadedBy: actor.id,
          estimateId: packageBuy?.estimateId ?? null,
          filename: stored.filename,
          mimeType: stored.mimeType,
          fileSize: stored.size,
          storageKey: stored.key,
          processingStage: 'uploaded',
          processingProgress: 0,
          processingMessage: stageMessage('uploaded'),
          adId,
          spotLength: length,
          title: creative.name.slice(0, 200),
        });
        await tx
          .insert(adcpCreatives)
          .values({ ownerId: actor.id, creativeId: creative.creative_id, mediaAssetId: assetId, name: creative.name, formatId: formatIdOf(length!) })
          .onConflictDoUpdate({
            target: [adcpCreatives.ownerId, adcpCreatives.creativeId],
            set: { mediaAssetId: assetId, name: creative.name, formatId: formatIdOf(length!), error: null, updatedAt: new Date() },
          });
      });
    } catch (error) {
      await runtime.storage.delete(stored.key);
      throw error;
    }
    fetched.push(assetId);
    results.push({ creative_id: creative.creative_id, action: existing ? ('updated' as const) : ('created' as const), platform_id: assetId });
  }
  for (const assetId of fetched) await runtime.jobs.enqueue(PROCESS_MEDIA_JOB, { assetId });

  // Assignments: the package's order shows the creative (an order carries one spot); lengths must match.
  for (const result of results) {
    const mine = assignments.filter((a) => a.creative_id === result.creative_id);
    if (mine.length === 0 || result.action === 'failed') continue;
    const assigned: string[] = [];
    const assignmentErrors: Record<string, string> = {};
    for (const a of mine) {
      const error = await assignCreative(db, actor, a.creative_id, a.package_id);
      if (error) assignmentErrors[a.package_id] = error;
      else assigned.push(a.package_id);
    }
    Object.assign(result, { assigned_to: assigned }, Object.keys(assignmentErrors).length ? { assignment_errors: assignmentErrors } : {});
  }
  return { creatives: results };
};

/** Puts a synced creative on a package's order; answers why not, when it cannot be. */
const assignCreative = (db: Db, actor: Actor, creativeId: string, packageId: string): Promise<string | undefined> =>
  db.transaction(async (tx) => {
    const [synced] = await tx
      .select({ mediaAssetId: adcpCreatives.mediaAssetId, formatId: adcpCreatives.formatId })
      .from(adcpCreatives)
      .where(and(eq(adcpCreatives.ownerId, actor.id), eq(adcpCreatives.creativeId, creativeId)))
      .limit(1);
    const asset = synced?.mediaAssetId ? (await mediaIdentities(tx, [synced.mediaAssetId])).get(synced.mediaAssetId) : undefined;
    const creative = synced && { ...synced, brandId: asset?.brandId ?? null };
    if (!creative?.mediaAssetId) return `Creative ${creativeId} has no video yet`;
    const buy = await findPackage(tx, actor, packageId);
    if (!buy) return `Package ${packageId} is not in any of your media buys`;
    const packages = buy.packages as StoredPackage[];
    const target = packages.find((p) => p.package_id === packageId)!;
    if (formatIdOf(target.spot_length) !== creative.formatId)
      return `Package ${packageId} airs :${target.spot_length} spots; creative ${creativeId} is ${creative.formatId}`;
    const order = await lockOrder(tx, buy.estimateId);
    if (order!.brandId !== creative.brandId) return `Creative ${creativeId} belongs to another brand than package ${packageId}'s buy`;
    if (['approved', 'scheduled', 'active'].includes(order!.status)) await approveOrderMedia(tx, { mediaAssetId: creative.mediaAssetId });
    await setOrderMedia(tx, order!.id, creative.mediaAssetId);
    if (!target.creative_ids.includes(creativeId)) target.creative_ids.push(creativeId);
    await tx.update(adcpMediaBuys).set({ packages, updatedAt: new Date() }).where(eq(adcpMediaBuys.estimateId, buy.estimateId));
    return undefined;
  });

/** AdCP's creative status from the asset's processing stage and the desk's review. */
export const creativeStatusOf = (asset: { status: string; processingStage: string } | null) => {
  if (!asset) return 'rejected' as const;
  if (asset.status === 'rejected' || asset.processingStage === 'error') return 'rejected' as const;
  if (asset.status === 'approved') return 'approved' as const;
  if (asset.processingStage !== 'complete') return 'processing' as const;
  return 'pending_review' as const;
};

export const listCreatives = async ({ db, actor, station, ids }: { db: Db; actor: Actor; station: StationIdentity; ids?: string[] | null }) => {
  const synced = await db
    .select()
    .from(adcpCreatives)
    .where(and(eq(adcpCreatives.ownerId, actor.id), ids?.length ? inArray(adcpCreatives.creativeId, ids) : undefined))
    .orderBy(desc(adcpCreatives.createdAt))
    .limit(500);
  // Their commercials from the media module, in one query.
  const assets = await mediaIdentities(
    db,
    synced.map((creative) => creative.mediaAssetId),
  );
  const rows = synced.map((creative) => ({ creative, asset: creative.mediaAssetId ? assets.get(creative.mediaAssetId) : undefined }));
  const creatives = rows.map(({ creative, asset }) => ({
    creative_id: creative.creativeId,
    name: creative.name,
    format_id: { agent_url: station.agentUrl, id: creative.formatId },
    status: creativeStatusOf(asset?.status ? (asset as { status: string; processingStage: string }) : null),
    created_date: creative.createdAt.toISOString(),
    updated_date: creative.updatedAt.toISOString(),
    platform_id: creative.mediaAssetId ?? undefined,
    ext: { spotbook: { ad_id: asset?.adId ?? null, duration_seconds: asset?.durationSeconds ?? null } },
  }));
  return {
    query_summary: { total_matching: creatives.length, returned: creatives.length },
    pagination: { has_more: false },
    creatives,
  };
};
