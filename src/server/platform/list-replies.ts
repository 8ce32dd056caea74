/**
 * A compiled encoder for hot list replies (issue 11, decision 026). Routes describe replies with zod;
 * fastify-type-provider-zod encodes each reply through the schema (checking every field) and then
 * stringifies it. When a reply is an array of flat objects whose fields are plain JSON values (text,
 * numbers, booleans, text enums, null: nothing a schema transforms on the way out), fast-json-stringify
 * compiles a writer from the same schema: it writes the schema's keys only, in the schema's order, with
 * the bytes JSON.stringify would write, so a field the schema does not name still never leaves, and a
 * missing field is still an error. Any other schema is encoded by zod as before.
 */
import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonType = 'string' | 'number' | 'boolean' | 'null';
const JSON_TYPES = new Set<unknown>(['string', 'number', 'boolean']);

interface Def {
  type: string;
  innerType?: z.core.$ZodType;
  checks?: z.core.$ZodCheck[];
  entries?: Record<string, unknown>;
  values?: unknown[];
}

/** The JSON types a plain field writes, and whether it may be absent; undefined when it is not plain. */
const plainField = (schema: z.core.$ZodType): { types: JsonType[]; optional: boolean } | undefined => {
  const def = schema._zod.def as Def;
  // An overwriting check (trim, toLowerCase…) changes the value on the way out.
  if (def.checks?.some((check) => check._zod.def.check === 'overwrite')) return undefined;
  if ((def.type === 'nullable' || def.type === 'optional') && def.innerType) {
    const inner = plainField(def.innerType);
    if (!inner) return undefined;
    return def.type === 'nullable' ? { ...inner, types: [...new Set<JsonType>([...inner.types, 'null'])] } : { ...inner, optional: true };
  }
  if (def.type === 'string' || def.type === 'number' || def.type === 'boolean' || def.type === 'null') return { types: [def.type], optional: false };
  const choices = def.type === 'enum' ? Object.values(def.entries ?? {}) : def.type === 'literal' ? (def.values ?? []) : undefined;
  const types = new Set(choices?.map((value) => (value === null ? 'null' : typeof value)));
  if (!choices?.length || ![...types].every((type) => type === 'null' || JSON_TYPES.has(type))) return undefined;
  return { types: [...types] as JsonType[], optional: false };
};

/** The JSON schema of an array-of-flat-plain-objects schema, for fast-json-stringify; undefined for any other schema. */
export const flatListJsonSchema = (schema: unknown): Schema | undefined => {
  if (!(schema instanceof z.ZodArray) || !(schema.element instanceof z.ZodObject)) return undefined;
  const properties: Record<string, { type: JsonType | JsonType[] }> = {};
  const required: string[] = [];
  for (const [key, field] of Object.entries(schema.element.shape as Record<string, z.core.$ZodType>)) {
    const plain = plainField(field);
    if (!plain) return undefined;
    properties[key] = { type: plain.types.length === 1 ? plain.types[0]! : plain.types };
    if (!plain.optional) required.push(key);
  }
  return { type: 'array', items: { type: 'object', properties, required } };
};

/** The route's serializer compiler: a compiled writer for a flat list, zod's encoding for everything else. */
export const listReplySerializer = <T>(route: FastifyRouteSchemaDef<T>): ((data: unknown) => string) => {
  const schema = route.schema instanceof z.ZodType ? route.schema : (route.schema as { properties?: unknown }).properties;
  const json = flatListJsonSchema(schema);
  if (!json) return serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  return fastJson(json) as (data: unknown) => string;
};
