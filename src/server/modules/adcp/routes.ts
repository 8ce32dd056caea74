/**
 * AdCP sales agent (issue 26, decision 035): `/mcp` (MCP Streamable HTTP, the official SDK, stateless:
 * one server and transport per request) authenticated with a Spotbook API key, acting for the key's
 * owner; and `/.well-known/adagents.json` from Station Settings.
 */
import { channelProperties } from './properties';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiKeySecret } from '../../../domain/api-keys';
import type { AppContext } from '../../context';
import { actorFromApiKey } from '../api-keys/service';
import type { Actor } from '../auth/service';
import { maxUploadBytes } from '../media/runtime';
import { onOrderEvent } from '../webhooks/outbox';
import { announceTaskChange } from './buy-views';
import { callTool, stationFor, toolList, type ToolContext } from './tools';

const SERVER_INFO = { name: 'spotbook-adcp-sales-agent', version: '1.0.0' };

/** The MCP SDK, loaded on the first /mcp call: a station no agent calls does not carry it at rest (decision 025). */
const loadSdk = async () => {
  const [{ Server }, { StreamableHTTPServerTransport }, { CallToolRequestSchema, ListToolsRequestSchema }] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  return { Server, StreamableHTTPServerTransport, CallToolRequestSchema, ListToolsRequestSchema };
};
let sdk: ReturnType<typeof loadSdk> | undefined;

// An AdCP buy's order events also tell its buyer (push notification), in the same transaction.
onOrderEvent(async (tx, type, order, status) => {
  if (type === 'order.status_changed') await announceTaskChange(tx, order, status);
});

/** The key in `Authorization: Bearer` or AdCP's `x-adcp-auth`. */
const keyOf = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  const [scheme, token] = (header ?? '').split(' ');
  if (scheme?.toLowerCase() === 'bearer' && token) return token;
  const adcp = request.headers['x-adcp-auth'];
  return typeof adcp === 'string' && adcp ? adcp : undefined;
};

const unauthorized = (reply: FastifyReply, message: string) =>
  reply.code(401).header('www-authenticate', 'Bearer realm="spotbook-adcp"').send({ error: message, jsonrpc: '2.0', id: null });

export const adcpRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const maxBytes = maxUploadBytes();

  const mcp = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = keyOf(request);
    if (!key) return unauthorized(reply, 'Authentication required: send a Spotbook API key as Authorization: Bearer sb_live_…');
    const actor: Actor | undefined = isApiKeySecret(key) ? await actorFromApiKey({ db: ctx.db, secret: key, cache: ctx.apiKeyCache }) : undefined;
    if (!actor) return unauthorized(reply, 'Invalid or revoked API key');
    // The audit trail records the key's owner (and the key) for every change the tools make.
    request.actor = actor;
    // The key's per-minute budget is the one its HTTP API calls count against (decision 030).
    const limit = ctx.config.rateLimitPerMinute;
    const { count, ttlMs } = await ctx.rateCounter.hit(`api:key:${actor.apiKey!.id}`, 60_000);
    if (count > limit) {
      const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
      return reply
        .code(429)
        .header('retry-after', String(seconds))
        .send({ error: `Too many requests: at most ${limit} a minute. Please retry in ${seconds} seconds.`, jsonrpc: '2.0', id: null });
    }
    if (request.method !== 'POST') {
      // Stateless: no server-initiated stream and no session to end.
      return reply
        .code(405)
        .header('allow', 'POST')
        .send({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: POST JSON-RPC messages to /mcp' }, id: null });
    }
    const { Server, StreamableHTTPServerTransport, CallToolRequestSchema, ListToolsRequestSchema } = await (sdk ??= loadSdk());
    const station = await stationFor(ctx);
    const tc: ToolContext = {
      ctx,
      actor,
      station,
      creatives: { storage: ctx.storage, jobs: ctx.jobs, maxBytes, allowPrivate: ctx.config.webhookAllowPrivate },
      afterChange: (events) => {
        for (const event of events) ctx.notifier.deliver(event);
        if (events.length > 0) ctx.stationClock.nudge();
      },
    };
    const server = new Server(SERVER_INFO, {
      capabilities: { tools: {} },
      instructions: `AdCP sales agent of ${station.name}: broadcast linear TV airtime, guaranteed, approved by the traffic desk.`,
    });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await toolList() }));
    server.setRequestHandler(CallToolRequestSchema, async (call) => {
      const outcome = await callTool(call.params.name, call.params.arguments, tc);
      const text = outcome.errors ? outcome.errors.map((e) => `${e.code}: ${e.message}`).join('\n') : JSON.stringify(outcome.body);
      return { content: [{ type: 'text' as const, text }], structuredContent: outcome.body };
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  };

  app.route({ method: ['POST', 'GET', 'DELETE'], url: '/mcp', schema: { hide: true }, handler: mcp });

  app.get('/.well-known/adagents.json', { schema: { hide: true } }, async (_request, reply) => {
    const station = await stationFor(ctx);
    // Each active channel is a property (decision 053); with one, the station's as before channels.
    const properties = (await channelProperties(ctx.db, station)).map((p) => ({
      property_id: p.propertyId,
      property_type: 'linear_tv',
      name: p.name,
      identifiers: [
        ...(p.callSign ? [{ type: 'call_sign', value: p.callSign }] : []),
        ...(station.fccFacilityId ? [{ type: 'fcc_facility_id', value: station.fccFacilityId }] : []),
        { type: 'domain', value: station.publisherDomain },
      ],
      tags: ['linear_tv', 'broadcast'],
      publisher_domain: station.publisherDomain,
    }));
    return reply.header('cache-control', 'public, max-age=300').send({
      $schema: 'https://adcontextprotocol.org/schemas/v2/adagents.json',
      contact: { name: station.name },
      properties,
      authorized_agents: [
        {
          url: station.agentUrl,
          authorized_for: `Broadcast airtime of ${station.callLetters ?? station.name}, sold through Spotbook`,
          authorization_type: 'property_tags',
          property_tags: ['linear_tv'],
        },
      ],
      last_updated: new Date().toISOString(),
    });
  });
};
