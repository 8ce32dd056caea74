/**
 * Request schemas in the OpenAPI document in their input form (issue 22, decision 043): what a client
 * may send, not what the route reads after parsing. fastify-type-provider-zod already converts bodies,
 * queries and parameters with zod's input form (a field with a default is optional); this adds what
 * zod cannot see through: a number read by `z.coerce` or behind a `z.preprocess` (numeric text, a
 * blank) is published as a number or text, so the web's generated types are as loose as the server.
 */
import { createJsonSchemaTransform, jsonSchemaTransform } from 'fastify-type-provider-zod';

type Transform = typeof jsonSchemaTransform;
type ZodToJsonConfig = NonNullable<Parameters<typeof createJsonSchemaTransform>[0]['zodToJsonConfig']>;
type OverrideContext = Parameters<NonNullable<ZodToJsonConfig['override']>>[0];
type Json = Record<string, unknown>;

const NUMERIC = new Set(['number', 'integer']);
const isNumeric = (json: Json): boolean => {
  const type = json.type;
  return Array.isArray(type) ? type.some((t) => NUMERIC.has(String(t))) : NUMERIC.has(String(type));
};

/** `{ type: number, … }` becomes `{ anyOf: [{ type: number, … }, { type: string }] }`, its default and description kept outside. */
const widenToText = (json: Json) => {
  if (!isNumeric(json)) return;
  const { default: fallback, description, ...number } = json;
  for (const key of Object.keys(json)) delete json[key];
  Object.assign(json, { anyOf: [number, { type: 'string', description: 'The number as text' }] });
  if (fallback !== undefined) json.default = fallback;
  if (description !== undefined) json.description = description;
};

/** Reads what the input form of one zod schema allows beyond its parsed type. */
const inputOverride = (ctx: OverrideContext) => {
  const def = ctx.zodSchema._zod.def as { type: string; coerce?: boolean; in?: { _zod: { def: { type: string } } } };
  const json = ctx.jsonSchema as Json;
  // As the plugin's own override does: a union's empty branches (unrepresentable) say nothing.
  if (def.type === 'union' && Array.isArray(json.anyOf)) json.anyOf = (json.anyOf as Json[]).filter((branch) => Object.keys(branch).length > 0);
  const coerced = def.type === 'number' && def.coerce === true;
  const preprocessed = def.type === 'pipe' && def.in?._zod.def.type === 'transform';
  if (coerced || preprocessed) widenToText(json);
};

const inputTransform = createJsonSchemaTransform({ zodToJsonConfig: { override: inputOverride } });

/** The plugin's transform, with the request parts (body, querystring, params, headers) in their input form. */
export const requestInputTransform: Transform = (document) => {
  const output = jsonSchemaTransform(document);
  const input = inputTransform(document);
  const { response } = output.schema as { response?: unknown };
  return { ...input, schema: { ...input.schema, ...(response !== undefined && { response }) } } as ReturnType<Transform>;
};
