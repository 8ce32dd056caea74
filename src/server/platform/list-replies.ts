/**
 * A cheaper encoder for hot list replies (issue 11, decision 026). Routes describe replies with zod;
 * fastify-type-provider-zod encodes each reply through the schema (checking every field) and then
 * stringifies it. When a reply is an array of flat objects whose fields are plain JSON values (text,
 * numbers, booleans, enums, null: nothing a schema transforms on the way out), the same bytes come from
 * `JSON.stringify` given the schema's keys: only those keys are written, in the schema's order, so a
 * field the schema does not name still never leaves. Any other schema is encoded by zod as before.
 */
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

const PLAIN = new Set(['string', 'number', 'boolean', 'enum', 'literal', 'null']);

/** A field written as JSON.stringify writes it, with no transform, codec or overwriting check (such as trim). */
const isPlain = (schema: z.core.$ZodType): boolean => {
  const def = schema._zod.def as z.core.$ZodTypeDef & { innerType?: z.core.$ZodType };
  if (def.checks?.some((check) => check._zod.def.check === 'overwrite')) return false;
  if ((def.type === 'nullable' || def.type === 'optional') && def.innerType) return isPlain(def.innerType);
  return PLAIN.has(def.type);
};

/** The keys of an array-of-flat-objects schema, in order; undefined for any other schema. */
export const flatListKeys = (schema: unknown): string[] | undefined => {
  if (!(schema instanceof z.ZodArray)) return undefined;
  const element = schema.element;
  if (!(element instanceof z.ZodObject) || !Object.values(element.shape).every((field) => isPlain(field as z.core.$ZodType))) return undefined;
  return Object.keys(element.shape);
};

/** The route's serializer compiler: the keys of a flat list, zod's encoding for everything else. */
export const listReplySerializer = <T>(route: FastifyRouteSchemaDef<T>): ((data: unknown) => string) => {
  const schema = route.schema instanceof z.ZodType ? route.schema : (route.schema as { properties?: unknown }).properties;
  const keys = flatListKeys(schema);
  if (!keys) return serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  return (data) => JSON.stringify(data, keys);
};
