/**
 * AdCP media buys (decision 035). A buy is one Spotbook order (source 'adcp', the buyer's name kept)
 * with one item per package; it is submitted for the station's approval at once, so the buy answers
 * `submitted` with a task id, and the desk's approval or rejection completes the task. The spec's order
 * rules hold unchanged (lead time, budget, overbooking at approval): where a request cannot meet them,
 * the answer is an AdCP error naming the field and, for the lead time, the earliest bookable date.
 */
import { z } from 'zod';
import { agencyCodesShape } from '../../../domain/agency-codes';
import { type StationTime } from '../../../domain/dates';
import { toCents } from '../../../domain/money';
import { adcpMediaBuys, adcpTasks } from '../../db/schema';
import { createUnsubscribedEndpoint } from '../webhooks/public';
import { brandNamedOrMade } from '../brands/public';
import { daypartsByIds } from '../dayparts/public';
import { userSummary } from '../users/public';
import type { Db, Tx } from '../../platform/db';
import type { Actor } from '../auth/service';
import { createOrderWithItems } from '../orders/public';
import { submitOrder } from '../orders/transitions';
import type { Staged } from '../notifications';
import { resolvesToPublic } from '../webhooks/address-guard';
import { brandOfAccount, type AccountRef } from './accounts';
import { checkFlight, spotsPerDayFor, type StoredPackage } from './flight';
import { adcpError } from './errors';
import { CPM_OPTION_ID, FLAT_RATE_OPTION_ID, itemCpmCentsFor, parseProductId, productIdOf } from './products';

export interface PushConfig {
  url: string;
  token?: string | null;
  authentication?: { schemes?: string[]; credentials?: string } | null;
}

export interface CreateBuyInput {
  buyer_ref?: string | null;
  buyer_campaign_ref?: string | null;
  brand?: { domain?: string | null; brand_id?: string | null; name?: string | null } | null;
  brand_manifest?: { name?: string | null; url?: string | null } | null;
  po_number?: string | null;
  start_time: string;
  end_time: string;
  packages?:
    | { buyer_ref?: string | null; product_id: string; budget: number; pricing_option_id: string; bid_price?: number | null; creative_ids?: string[] | null }[]
    | null;
  push_notification_config?: PushConfig | null;
  account?: AccountRef | null;
  ext?: Record<string, unknown> | null;
}

const brandNameOf = (input: CreateBuyInput): string | undefined => {
  const name =
    input.brand?.name ?? input.brand_manifest?.name ?? input.brand?.domain ?? (input.brand_manifest?.url ? safeHost(input.brand_manifest.url) : undefined);
  return name?.trim().slice(0, 200) || undefined;
};
const safeHost = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
};

const codesSchema = z.object(agencyCodesShape);

/**
 * The agency's codes for the order (decision 034's rules): `po_number`, and in `ext` (AdCP has no field
 * for them) `agency_estimate_number`, `client_code` and `product_code`. `buyer_campaign_ref` stands in
 * for a missing estimate number when it is one (a campaign reference need not fit the EI's 20 characters).
 */
export const agencyCodesOf = (input: { po_number?: string | null; buyer_campaign_ref?: string | null; ext?: Record<string, unknown> | null }) => {
  const ext = input.ext ?? {};
  const asked = {
    agency_estimate_number: ext.agency_estimate_number,
    client_code: ext.client_code,
    product_code: ext.product_code,
    po_number: input.po_number,
  };
  const parsed = codesSchema.safeParse(asked);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[0]);
    throw adcpError('INVALID_REQUEST', issue.message, {
      field: key === 'po_number' ? 'po_number' : `ext.${key}`,
      suggestion: "Send the code as the agency's buying system knows it",
    });
  }
  const fallback = parsed.data.agency_estimate_number ? undefined : codesSchema.shape.agency_estimate_number.safeParse(input.buyer_campaign_ref);
  return {
    agencyEstimateNumber: parsed.data.agency_estimate_number ?? (fallback?.success ? (fallback.data ?? null) : null),
    clientCode: parsed.data.client_code ?? null,
    productCode: parsed.data.product_code ?? null,
    poNumber: parsed.data.po_number ?? null,
  };
};

/** The buyer's brand among the account's brands (by name), made when the account has none of that name. */
const brandFor = (tx: Tx, actor: Actor, name: string) => brandNamedOrMade(tx, actor.id, name);

export const buyerNameOf = async (db: Tx, actor: Actor) => {
  const user = await userSummary(db, actor.id);
  const person = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return user?.company || person || user?.email || actor.email;
};

/**
 * The buy's own push endpoint: a webhook endpoint row made for this buy alone, subscribed to no event, so
 * only the buy's task events reach it (`alsoTo` in announceTaskChange); signed with the buyer's credentials.
 * Another buy naming the same URL gets a row of its own, and leaves this one's scheme and credentials alone.
 */
const pushEndpointFor = async (tx: Tx, actor: Actor, config: PushConfig, allowPrivate: boolean): Promise<string> => {
  let url: URL;
  try {
    url = new URL(config.url);
  } catch {
    throw adcpError('INVALID_REQUEST', 'push_notification_config.url must be an http or https address', { field: 'push_notification_config.url' });
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw adcpError('INVALID_REQUEST', 'push_notification_config.url must be an http or https address', { field: 'push_notification_config.url' });
  }
  if (!(await resolvesToPublic(config.url, allowPrivate))) {
    throw adcpError('INVALID_REQUEST', 'Webhook URL must not point to a loopback, private, link-local or metadata address', {
      field: 'push_notification_config.url',
    });
  }
  const credentials = config.authentication?.credentials;
  const scheme = config.authentication?.schemes?.[0] ?? null;
  if (credentials !== undefined && credentials.length < 32) {
    throw adcpError('INVALID_REQUEST', 'push_notification_config.authentication.credentials must be at least 32 characters', {
      field: 'push_notification_config.authentication.credentials',
    });
  }
  // Standard Webhooks signing (decision 030) keyed with the buyer's own credentials, so the buyer can verify.
  const secret = `whsec_${Buffer.from(credentials ?? crypto.randomUUID() + crypto.randomUUID(), 'utf8').toString('base64')}`;
  return createUnsubscribedEndpoint(tx, { userId: actor.id, url: config.url, description: 'AdCP push notifications of one buy', secret, authScheme: scheme });
};

export interface CreateBuyResult {
  estimateId: string;
  taskId: string;
  events: Staged[];
  /** Set when the flight asked to start inside the lead time and was booked from the earliest bookable date. */
  movedStart?: { asked: string; booked: string; end: string };
}

export const createMediaBuy = async ({
  db,
  actor,
  input,
  allowPrivate,
  time,
}: {
  db: Db;
  actor: Actor;
  input: CreateBuyInput;
  allowPrivate: boolean;
  time: StationTime;
}): Promise<CreateBuyResult> => {
  const packages = input.packages ?? [];
  if (packages.length === 0)
    throw adcpError('INVALID_REQUEST', 'A media buy needs at least one package', {
      field: 'packages',
      suggestion: 'Add a package per product from get_products',
    });
  const flight = checkFlight(input.start_time, input.end_time, time, { fromEarliest: true });
  const codes = agencyCodesOf(input);
  const askedBrand = brandNameOf(input);
  const ownAccount = !input.account || input.account.account_id === actor.id || (input.account.account_id == null && !input.account.brand);
  if (!askedBrand && ownAccount)
    throw adcpError('INVALID_REQUEST', 'Please select a brand', {
      field: 'brand',
      suggestion: 'Send brand.domain (or brand.name), or an account_id from list_accounts',
    });

  const parsed = packages.map((p, index) => {
    const product = parseProductId(p.product_id);
    if (!product)
      throw adcpError('PRODUCT_NOT_FOUND', `Product ${p.product_id} does not exist`, {
        field: `packages[${index}].product_id`,
        suggestion: 'Use a product_id from get_products',
      });
    if (p.pricing_option_id !== CPM_OPTION_ID && p.pricing_option_id !== FLAT_RATE_OPTION_ID) {
      throw adcpError('INVALID_REQUEST', `Pricing option ${p.pricing_option_id} does not exist`, {
        field: `packages[${index}].pricing_option_id`,
        suggestion: `Use a pricing_option_id of the product ("${CPM_OPTION_ID}")`,
      });
    }
    if (!(p.budget > 0) || !Number.isInteger(p.budget)) {
      throw adcpError('INVALID_REQUEST', 'Total budget must be greater than 0', {
        field: `packages[${index}].budget`,
        suggestion: 'Budgets are whole US dollars greater than 0',
      });
    }
    return { ...product, input: p, index };
  });
  const ids = [...new Set(parsed.map((p) => p.daypartId))];
  if (ids.length !== parsed.length)
    throw adcpError('INVALID_REQUEST', 'Each daypart may be bought once per media buy', {
      field: 'packages',
      suggestion: 'Put one spot length per daypart in a buy',
    });

  const events: Staged[] = [];
  const buyerName = await buyerNameOf(db, actor);
  const result = await db.transaction(async (tx) => {
    const byId = await daypartsByIds(tx, ids);
    const stored: StoredPackage[] = parsed.map((p) => {
      const daypart = byId.get(p.daypartId);
      if (!daypart)
        throw adcpError('PRODUCT_NOT_FOUND', `Product ${p.input.product_id} does not exist`, {
          field: `packages[${p.index}].product_id`,
          suggestion: 'Use a product_id from get_products',
        });
      if (itemCpmCentsFor(daypart, p.length, p.input.pricing_option_id) === undefined) {
        throw adcpError(
          'INVALID_REQUEST',
          `Product ${p.input.product_id} has no pricing option ${p.input.pricing_option_id}: the station sets no flat rate for ${daypart.name}`,
          {
            field: `packages[${p.index}].pricing_option_id`,
            suggestion: `Use "${CPM_OPTION_ID}"`,
          },
        );
      }
      return {
        package_id: `pkg-${p.index}`,
        buyer_ref: p.input.buyer_ref ?? null,
        product_id: productIdOf(daypart.id, p.length),
        daypart_id: daypart.id,
        spot_length: p.length,
        pricing_option_id: p.input.pricing_option_id,
        budget: p.input.budget,
        spots_per_day: spotsPerDayFor(daypart, p.length, p.input.pricing_option_id, p.input.budget, flight.days),
        creative_ids: p.input.creative_ids ?? [],
      };
    });
    // A buy is a contract with one station (decision 053): its products must be one channel's.
    const channelIds = [...new Set(stored.map((p) => byId.get(p.daypart_id)!.channelId))];
    if (channelIds.length > 1)
      throw adcpError('INVALID_REQUEST', "A media buy is for one channel: its packages' products are of several channels", {
        field: 'packages',
        suggestion: 'Send one create_media_buy per channel (property)',
      });
    // An agency's advertiser account is its brand (decision 034); the key's own account finds or makes the brand by name.
    const chosen = await brandOfAccount(tx, actor, input.account);
    const brandName = chosen?.name ?? askedBrand!;
    const brandId = chosen?.id ?? (await brandFor(tx, actor, brandName));
    const totalSpendCents = toCents(stored.reduce((sum, p) => sum + p.budget, 0));
    // The item's CPM prices the length (or the flat rate) by the spec's weekly-cost rule (decision 035).
    const order = await createOrderWithItems(
      tx,
      {
        ownerId: actor.id,
        brandId,
        channelId: channelIds[0]!,
        estimateName: (input.buyer_campaign_ref ?? input.buyer_ref ?? `AdCP buy ${brandName}`).slice(0, 200),
        startDate: flight.start,
        totalSpendCents,
        totalAmountCents: totalSpendCents,
        ...codes,
        source: 'adcp',
        sourceName: buyerName,
        notes: `Bought through AdCP by ${buyerName}: flight ${flight.start} to ${flight.end}${flight.start === flight.askedStart ? '' : ` (asked from ${flight.askedStart}; moved whole to the earliest bookable date)`}`,
      },
      stored.map((p) => ({
        daypartId: p.daypart_id,
        spotsPerOccurrence: p.spots_per_day,
        userDefinedCpmCents: itemCpmCentsFor(byId.get(p.daypart_id)!, p.spot_length, p.pricing_option_id!) ?? null,
      })),
    );
    await submitOrder(tx, order, events, { today: time.today(), invoicedWithMediaLater: true });
    const pushEndpointId = input.push_notification_config ? await pushEndpointFor(tx, actor, input.push_notification_config, allowPrivate) : null;
    await tx.insert(adcpMediaBuys).values({ estimateId: order.id, ownerId: actor.id, buyerRef: input.buyer_ref ?? null, packages: stored, pushEndpointId });
    const [task] = await tx.insert(adcpTasks).values({ ownerId: actor.id, taskType: 'create_media_buy', estimateId: order.id }).returning({ id: adcpTasks.id });
    return { estimateId: order.id, taskId: task!.id };
  });
  return {
    ...result,
    events,
    ...(flight.start === flight.askedStart ? {} : { movedStart: { asked: flight.askedStart, booked: flight.start, end: flight.end } }),
  };
};
