// Writes each route's JSON answers from its zod response contract: the contract is turned into
// JSON Schema once, at start, and compiled by fast-json-stringify (Fastify's own serializer), instead
// of checking every answer against the contract with zod on the way out (docs/architecture.md).
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ZodSchema = z.core.$ZodType;
type JsonSchema = Record<string, unknown>;
type Serialize = (data: unknown) => string;

/**
 * Kinds of zod schema whose JSON answer JSON Schema cannot describe exactly: what a transform or
 * codec computes, and values JSON has no form for. A response contract holding one is written by
 * zod, as before, so its answers stay exactly what the contract says.
 */
const ZOD_ONLY = new Set([
  'pipe',
  'transform',
  'bigint',
  'undefined',
  'void',
  'never',
  'symbol',
  'map',
  'set',
  'function',
  'promise',
  'custom',
  'nan',
]);

/**
 * The JSON Schema of what a zod contract sends, as fast-json-stringify reads it; undefined when the
 * contract holds a kind of schema only zod can write (ZOD_ONLY).
 */
export function responseJsonSchema(schema: ZodSchema): JsonSchema | undefined {
  let describable = true;
  const generated = z.toJSONSchema(schema, {
    io: 'output',
    // fast-json-stringify's schema checker (Ajv, for unions) reads draft-07 by default.
    target: 'draft-07',
    // Noted in `override` below rather than thrown, so the route can fall back to zod.
    unrepresentable: 'any',
    override({ zodSchema, jsonSchema }) {
      const kind = zodSchema._zod.def.type;
      if (kind === 'date') {
        // A Date is sent as JSON.stringify sends it: its ISO 8601 text in UTC.
        Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
      } else if (ZOD_ONLY.has(kind)) {
        describable = false;
      }
      // The contracts' own string check (contracts' text(): no NUL, no lone surrogate) says
      // nothing about writing the string, and Ajv warns at every start of a format it lacks.
      if (jsonSchema.format === 'text') delete jsonSchema.format;
    },
  }) as JsonSchema;
  if (!describable) return undefined;
  delete generated.$schema;
  return withoutClosedObjects(generated) as JsonSchema;
}

/**
 * Drops `additionalProperties: false` everywhere. fast-json-stringify writes only the properties a
 * schema lists anyway, so nothing more is sent; but the checker that picks a union's branch would
 * refuse an object carrying one field more than the branch lists, where zod strips it and matches.
 */
function withoutClosedObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutClosedObjects);
  if (node === null || typeof node !== 'object') return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    copy[key] = withoutClosedObjects(value);
  }
  return copy;
}

const zodSerializerCompiler = createSerializerCompiler();

const isZodSchema = (schema: unknown): schema is ZodSchema => schema instanceof z.core.$ZodType;

/**
 * Fastify's serializer compiler for zod response schemas. Each contract is compiled once, however
 * many routes and status codes share it (every error answer shares one). A schema that is not zod,
 * or that holds a kind only zod can write, keeps fastify-type-provider-zod's serializer.
 */
export function createResponseSerializerCompiler(): FastifySerializerCompiler<unknown> {
  const compiled = new WeakMap<ZodSchema, Serialize>();
  return (route) => {
    const { schema } = route;
    if (!isZodSchema(schema)) return zodSerializerCompiler(route as never);
    const known = compiled.get(schema);
    if (known) return known;
    const jsonSchema = responseJsonSchema(schema);
    // zod's serializer names the route in its errors, so it is made per route.
    if (!jsonSchema) return zodSerializerCompiler({ ...route, schema }) as Serialize;
    const serialize = fastJson(jsonSchema) as Serialize;
    compiled.set(schema, serialize);
    return serialize;
  };
}
