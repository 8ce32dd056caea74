/**
 * The AdCP tasks as MCP tools (decision 035). Every request is checked against the AdCP schema that
 * `@adcp/client` ships (its generated zod schemas, loaded on the first call: the embedded server's
 * resting memory does not carry them); bad input and refusals answer `{ errors: [{ code, message,
 * field, suggestion }] }`, a fault answers a generic error and is logged, never a crash.
 */
import { channelProperties } from './properties';
import type * as AdcpClient from '@adcp/client';
import type { ZodType } from 'zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Actor } from '../auth/service';
import type { ApiKeyScope } from '../../../domain/api-keys';
import { updateMediaBuy, type UpdateBuyInput } from './buy-updates';
import { createMediaBuy, type CreateBuyInput } from './buys';
import { mediaBuyOf, readBuy, readBuys, readTask, taskOf } from './buy-views';
import { listCreatives, syncCreatives, type CreativeRuntime, type SyncInput } from './creatives';
import { deliveryOf } from './delivery';
import { adcpError, toAdcpErrors, validationErrors, type AdcpErrorBody } from './errors';
import { withIdempotency } from './idempotency';
import { hasFlatRate, listProducts } from './products';
import { formatIdOf, SPOT_LENGTHS, stationIdentity, type StationIdentity } from './station';
import { adcpTasks } from '../../db/schema';
import type { Staged } from '../notifications';
import { desc, eq } from 'drizzle-orm';
import { buyerNameOf } from './buys';
import { listAccounts } from './accounts';

type Schemas = typeof AdcpClient;
let schemas: Schemas | undefined;
export const adcpSchemas = async (): Promise<Schemas> => (schemas ??= await import('@adcp/client'));

export interface ToolContext {
  ctx: AppContext;
  actor: Actor;
  station: StationIdentity;
  creatives: Omit<CreativeRuntime, 'db'>;
  /** Delivers staged notifications and nudges the station clock after a committed change. */
  afterChange: (events: Staged[]) => void;
}

interface Tool {
  name: string;
  description: string;
  /** The AdCP request schema's name in @adcp/client. */
  schema?: keyof Schemas;
  /** What the account must allow (API key scopes, decision 030). */
  scope: ApiKeyScope;
  /** Filled in before the check where the buyer need not say it: the account is the key's. */
  defaults?: (actor: Actor) => Record<string, unknown>;
  mutating?: boolean;
  run: (args: Record<string, unknown>, tc: ToolContext) => Promise<Record<string, unknown>>;
}

const account = (actor: Actor) => ({ account: { account_id: actor.id } });

const formatsOf = (station: StationIdentity) =>
  SPOT_LENGTHS.map((length) => ({
    format_id: { agent_url: station.agentUrl, id: formatIdOf(length) },
    name: `Broadcast spot :${length}`,
    description: `A ${length}-second broadcast commercial: 1920×1080 (or 1280×720) video, 29.97 fps, stereo audio at -24 LKFS; MP4, MOV, MXF or MPG under 2 GB; an Ad-ID in industry_identifiers.`,
    type: 'video',
    assets: [
      {
        item_type: 'individual',
        asset_id: 'video',
        asset_type: 'video',
        required: true,
        requirements: { duration_ms: length * 1000, width: 1920, height: 1080, containers: ['mp4', 'mov', 'mxf', 'mpg'], max_file_size_mb: 2048 },
      },
    ],
  }));

const TOOLS: Tool[] = [
  {
    name: 'get_adcp_capabilities',
    description:
      "The station's AdCP capabilities: media buys of broadcast linear TV, guaranteed, CPM-priced, with human approval, and the station's own library of the buyer's commercials.",
    schema: 'GetAdCPCapabilitiesRequestSchema',
    scope: 'read',
    run: async (_args, { station, ctx }) => ({
      adcp: { major_versions: [3] },
      // creative: list_creative_formats and list_creatives are the station's library of the buyer's
      // commercials; it neither builds nor previews them. No sync_audiences: broadcast has no addressable audiences (decision 048).
      supported_protocols: ['media_buy', 'creative'],
      account: { require_operator_auth: false, supported_billing: ['operator'], required_for_products: false },
      media_buy: {
        // flat_rate where any daypart of the rate card has a flat rate per spot (decision 035).
        supported_pricing_models: (await hasFlatRate(ctx.db)) ? ['cpm', 'flat_rate'] : ['cpm'],
        reporting: { supports_date_range: false, supports_daily_breakdown: false, supports_webhooks: false, available_dimensions: [] },
        // sync_creatives / list_creatives: the station keeps the buyer's commercials in its own library.
        features: {
          inline_creative_management: true,
          property_list_filtering: false,
          content_standards: false,
          conversion_tracking: false,
          audience_targeting: false,
          catalog_management: false,
        },
        portfolio: { publisher_domains: [station.publisherDomain], primary_channels: ['linear_tv'] },
      },
      creative: { has_creative_library: true, supports_generation: false, supports_transformation: false, supports_compliance: false },
      ext: { spotbook: { station: station.name, call_letters: station.callLetters, fcc_facility_id: station.fccFacilityId, approval: 'human (traffic desk)' } },
    }),
  },
  {
    name: 'get_products',
    description:
      'One product per daypart and spot length (:15, :30, :60) from the rate card, with live availability per week of the flight (filters.start_date / end_date).',
    schema: 'GetProductsRequestSchema',
    scope: 'read',
    defaults: () => ({ buying_mode: 'brief' }),
    run: async (args, { ctx, station }) => ({ products: await listProducts({ db: ctx.db, station, filters: args.filters as never, today: ctx.time.today() }) }),
  },
  {
    name: 'list_creative_formats',
    description: 'The broadcast spot formats the station airs, with its technical specification.',
    schema: 'ListCreativeFormatsRequestSchema',
    scope: 'read',
    run: async (_args, { station }) => ({ formats: formatsOf(station) }),
  },
  {
    name: 'list_authorized_properties',
    description: "The publisher domains this agent sells (older AdCP clients), and the station's channels (properties in adagents.json).",
    scope: 'read',
    run: async (_args, { ctx, station }) => {
      const properties = await channelProperties(ctx.db, station);
      return {
        publisher_domains: [station.publisherDomain],
        primary_channels: ['linear_tv'],
        portfolio_description: `Broadcast airtime of ${properties.map((p) => `${p.name} [${p.propertyId}]`).join(', ')}`,
      };
    },
  },
  {
    name: 'list_accounts',
    description: "The accounts this API key acts for: its own, and an agency's each advertiser's brand (buy for one with its account_id).",
    schema: 'ListAccountsRequestSchema',
    scope: 'read',
    run: async (_args, { ctx, actor }) => ({ accounts: await listAccounts(ctx.db, actor, await buyerNameOf(ctx.db, actor)) }),
  },
  {
    name: 'create_media_buy',
    description: 'Books the packages as one order, submitted for the station\'s approval: answers "submitted" with a task id.',
    schema: 'CreateMediaBuyRequestSchema',
    scope: 'orders',
    defaults: account,
    mutating: true,
    run: async (args, tc) => {
      const created = await createMediaBuy({
        db: tc.ctx.db,
        actor: tc.actor,
        input: args as unknown as CreateBuyInput,
        allowPrivate: tc.ctx.config.webhookAllowPrivate,
        time: tc.ctx.time,
      });
      tc.afterChange(created.events);
      const view = await readBuy(tc.ctx.db, tc.actor, created.estimateId);
      const buy = mediaBuyOf(view);
      return {
        status: 'submitted',
        task_id: created.taskId,
        message: `The station reviews every buy of airtime: the task completes when the traffic desk approves or rejects it.${
          created.movedStart
            ? ` The flight asked to start on ${created.movedStart.asked}, inside the station's 7-day lead time: it is moved whole to ${created.movedStart.booked} (the earliest bookable date) through ${created.movedStart.end}.`
            : ''
        }`,
        media_buy_id: buy.media_buy_id,
        buyer_ref: buy.buyer_ref,
        packages: buy.packages,
        ext: buy.ext,
      };
    },
  },
  {
    name: 'update_media_buy',
    description: 'Pause or resume, cancel before review, change budget or flight (approved again), assign creatives; `revision` guards concurrent changes.',
    schema: 'UpdateMediaBuyRequestSchema',
    scope: 'orders',
    mutating: true,
    run: async (args, tc) => {
      const updated = await updateMediaBuy({ db: tc.ctx.db, actor: tc.actor, input: args as UpdateBuyInput, time: tc.ctx.time });
      tc.afterChange(updated.events);
      const buy = mediaBuyOf(await readBuy(tc.ctx.db, tc.actor, updated.estimateId));
      return {
        ...(updated.submitted && { status: 'submitted', task_id: updated.taskId, message: "The change waits for the station's approval." }),
        media_buy_id: buy.media_buy_id,
        buyer_ref: buy.buyer_ref,
        affected_packages: buy.packages,
        ext: { spotbook: { ...buy.ext.spotbook, revision: buy.revision, media_buy_status: buy.status } },
      };
    },
  },
  {
    name: 'get_media_buys',
    description: "The account's media buys with their status, packages and revision.",
    schema: 'GetMediaBuysRequestSchema',
    scope: 'read',
    run: async (args, { ctx, actor }) => {
      const views = await readBuys(ctx.db, actor, { ids: args.media_buy_ids as string[] | undefined, buyerRefs: args.buyer_refs as string[] | undefined });
      const filter = [args.status_filter ?? []].flat() as string[];
      const buys = views.map(mediaBuyOf).filter((b) => filter.length === 0 || filter.includes(b.status));
      return { media_buys: buys };
    },
  },
  {
    name: 'get_media_buy_delivery',
    description: 'Spots scheduled, aired, missed and unconfirmed, impressions and spend from the as-run, per package and in total.',
    schema: 'GetMediaBuyDeliveryRequestSchema',
    scope: 'read',
    run: async (args, { ctx, actor }) => {
      const ids = args.media_buy_ids as string[] | undefined;
      const views = await readBuys(ctx.db, actor, { ids, buyerRefs: args.buyer_refs as string[] | undefined });
      if (ids?.length && views.length === 0) throw adcpError('MEDIA_BUY_NOT_FOUND', `Media buy ${ids.join(', ')} does not exist`, { field: 'media_buy_ids' });
      return deliveryOf(ctx.db, views, ctx.time.today());
    },
  },
  {
    name: 'sync_creatives',
    description:
      'Fetches each creative from its URL into the media pipeline (ffprobe check, previews, approval); an Ad-ID in industry_identifiers is required.',
    schema: 'SyncCreativesRequestSchema',
    scope: 'media',
    defaults: account,
    mutating: true,
    run: async (args, tc) => {
      for (const [index, creative] of ((args.creatives as { weight?: number }[] | undefined) ?? []).entries()) {
        if (creative.weight != null && !(creative.weight >= 0 && creative.weight <= 100)) {
          throw adcpError('INVALID_REQUEST', 'weight must be between 0 and 100', { field: `creatives[${index}].weight` });
        }
      }
      return syncCreatives({ runtime: { db: tc.ctx.db, ...tc.creatives }, actor: tc.actor, input: args as unknown as SyncInput });
    },
  },
  {
    name: 'list_creatives',
    description: "The account's synced creatives and their review status.",
    schema: 'ListCreativesRequestSchema',
    scope: 'read',
    run: async (args, { ctx, actor, station }) =>
      listCreatives({ db: ctx.db, actor, station, ids: (args.filters as { creative_ids?: string[] } | undefined)?.creative_ids }),
  },
  {
    name: 'provide_performance_feedback',
    description: "Takes the buyer's performance feedback on a media buy (kept in the log for the station).",
    schema: 'ProvidePerformanceFeedbackRequestSchema',
    scope: 'read',
    run: async (args, { ctx, actor }) => {
      const id = args.media_buy_id as string | undefined;
      if (!id) throw adcpError('INVALID_REQUEST', 'media_buy_id is required', { field: 'media_buy_id' });
      await readBuy(ctx.db, actor, id);
      ctx.log.info(
        { adcpFeedback: { media_buy_id: id, performance_index: args.performance_index, metric_type: args.metric_type, buyer: actor.id } },
        'AdCP performance feedback',
      );
      return { success: true };
    },
  },
  {
    name: 'tasks/get',
    description: 'The status of a task (create_media_buy, update_media_buy): submitted until the station decides; then completed with the result, or rejected.',
    scope: 'read',
    run: async (args, { ctx, actor }) => {
      const taskId = (args.task_id ?? args.taskId) as string | undefined;
      if (!taskId) throw adcpError('INVALID_REQUEST', 'task_id is required', { field: 'task_id' });
      const task = await readTask(ctx.db, actor, taskId);
      return { ...task, task };
    },
  },
  {
    name: 'tasks/list',
    description: "The account's tasks, newest first.",
    scope: 'read',
    run: async (_args, { ctx, actor }) => {
      const rows = await ctx.db.select().from(adcpTasks).where(eq(adcpTasks.ownerId, actor.id)).orderBy(desc(adcpTasks.createdAt)).limit(100);
      const tasks = [];
      for (const row of rows) tasks.push(taskOf(row, await readBuy(ctx.db, actor, row.estimateId)));
      return { tasks };
    },
  },
];
// The alias some clients use.
TOOLS.push({ ...TOOLS.find((t) => t.name === 'tasks/get')!, name: 'get_task_status' });

export const TOOL_NAMES = TOOLS.map((t) => t.name);

let listed: { name: string; description: string; inputSchema: Record<string, unknown> }[] | undefined;

/** The properties a JSON Schema union or intersection declares in any of its branches. */
const branchProperties = (schema: Record<string, unknown>): Record<string, unknown> => {
  const properties: Record<string, unknown> = { ...((schema.properties as Record<string, unknown> | undefined) ?? {}) };
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const branch of (schema[key] as Record<string, unknown>[] | undefined) ?? []) Object.assign(properties, branchProperties(branch));
  }
  return properties;
};
export const toolList = async () => {
  if (listed) return listed;
  const all = await adcpSchemas();
  listed = TOOLS.map((tool) => {
    let inputSchema: Record<string, unknown> = { type: 'object', additionalProperties: true };
    if (tool.schema) {
      try {
        inputSchema = z.toJSONSchema(all[tool.schema] as unknown as ZodType, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
        // The account is the API key's: a buyer need not name it.
        if (Array.isArray(inputSchema.required))
          inputSchema.required = (inputSchema.required as string[]).filter((f) => f !== 'account' && f !== 'buying_mode');
        // MCP wants an object schema at the top: a union or intersection is described loosely (and still
        // enforced), with every field any of its branches declares: clients send only declared fields.
        if (inputSchema.type !== 'object')
          inputSchema = {
            type: 'object',
            additionalProperties: true,
            properties: branchProperties(inputSchema),
            description: 'See the AdCP schema of this task',
          };
      } catch {
        // A schema JSON Schema cannot express is still enforced on the call.
      }
    }
    if (tool.mutating)
      inputSchema = {
        ...inputSchema,
        properties: { ...((inputSchema.properties as object | undefined) ?? {}), idempotency_key: { type: 'string', minLength: 1, maxLength: 255 } },
      };
    if (tool.name === 'tasks/get' || tool.name === 'get_task_status')
      inputSchema = { type: 'object', properties: { task_id: { type: 'string' }, taskId: { type: 'string' } } };
    return { name: tool.name, description: tool.description, inputSchema };
  });
  return listed;
};

export interface ToolOutcome {
  body: Record<string, unknown>;
  errors?: AdcpErrorBody[];
}

/** Runs one tool call: scope, schema check, idempotency, the work; every failure as AdCP errors. */
export const callTool = async (name: string, rawArgs: unknown, tc: ToolContext): Promise<ToolOutcome> => {
  const tool = TOOLS.find((t) => t.name === name);
  if (!tool)
    return fail([{ code: 'UNSUPPORTED_TASK', message: `Unknown task ${name}`, suggestion: `Use one of ${TOOL_NAMES.join(', ')}`, recovery: 'terminal' }]);
  if (tc.actor.apiKey && !tc.actor.apiKey.scopes.includes(tool.scope)) {
    return fail([
      { code: 'PERMISSION_DENIED', message: `This API key lacks the "${tool.scope}" scope`, suggestion: 'Use a key with that scope', recovery: 'terminal' },
    ]);
  }
  const args = rawArgs && typeof rawArgs === 'object' && !Array.isArray(rawArgs) ? (rawArgs as Record<string, unknown>) : {};
  try {
    const withDefaults = { ...tool.defaults?.(tc.actor), ...args };
    if (tool.schema) {
      const schema = (await adcpSchemas())[tool.schema] as unknown as ZodType;
      const checked = schema.safeParse(withDefaults);
      if (!checked.success) return fail(validationErrors(checked.error));
    }
    const body = tool.mutating
      ? await withIdempotency({
          db: tc.ctx.db,
          ttlHours: tc.ctx.config.idempotencyTtlHours,
          callerId: tc.actor.id,
          task: tool.name,
          args: withDefaults,
          run: () => tool.run(withDefaults, tc),
        })
      : await tool.run(withDefaults, tc);
    return { body };
  } catch (error) {
    const { errors, internal } = toAdcpErrors(error);
    if (internal) tc.ctx.log.error({ err: error, tool: name }, 'AdCP task failed');
    return fail(errors);
  }
};

const fail = (errors: AdcpErrorBody[]): ToolOutcome => ({ body: { errors }, errors });

export const stationFor = (ctx: AppContext) => stationIdentity(ctx.db, ctx.config.appUrl);
