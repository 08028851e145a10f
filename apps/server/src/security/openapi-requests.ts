// Requests made from the API's own OpenAPI document, for the tenancy sweep and the fuzzer: every
// operation it lists, its path filled with real ids, and a valid body built from its request
// schema, with a seeded random source so a failing run can be replayed.

/** The part of a JSON schema the contracts' documents use. */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
};

export type OpenApiDocument = {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

type OperationObject = {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: Record<string, unknown>[];
};

export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path as the document writes it, `/api/areas/{areaId}`. */
  path: string;
  /** The names of the path's parameters, in order. */
  pathParameters: string[];
  query: { name: string; required: boolean; schema: JsonSchema }[];
  /** The request body's schema, if the operation takes one, and its content type (JSON, or a
   * text type for a string body). */
  body?: JsonSchema;
  bodyType?: string;
  /** Authenticated by a gateway's key (the /api/ingest calls) rather than a bearer token. */
  gatewayKey: boolean;
};

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
/** The body types the generator writes, in order of preference. */
const BODY_TYPES = ['application/json', 'text/csv', 'text/plain'];
export const isMutating = (method: string) => method !== 'GET';

/** Every operation of the document, in its order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => {
        const parameters = operation.parameters ?? [];
        const content = operation.requestBody?.content ?? {};
        const bodyType = Object.keys(content).find((type) => BODY_TYPES.includes(type));
        return {
          method: method.toUpperCase() as Operation['method'],
          path,
          pathParameters: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string),
          query: parameters
            .filter((parameter) => parameter.in === 'query')
            .map((parameter) => ({
              name: parameter.name,
              required: parameter.required === true,
              schema: parameter.schema ?? {},
            })),
          body: bodyType ? content[bodyType]?.schema : undefined,
          bodyType,
          gatewayKey: (operation.security ?? []).some((scheme) => 'gatewayKey' in scheme),
        };
      }),
  );
}

export const describeOperation = (operation: Operation) => `${operation.method} ${operation.path}`;

/** A path parameter the id map does not know: a new kind of route the sweep must be taught. */
export class UnknownParameterError extends Error {
  constructor(operation: Operation, parameter: string) {
    super(`${describeOperation(operation)}: no ids for the path parameter {${parameter}}`);
  }
}

/**
 * Every way to fill the operation's path from `ids` (parameter name → the ids to try), one path
 * per combination. A parameter `ids` does not name throws UnknownParameterError.
 */
export function pathsOf(operation: Operation, ids: Record<string, readonly string[]>): string[] {
  let paths = [operation.path];
  for (const parameter of operation.pathParameters) {
    const values = ids[parameter];
    if (!values?.length) throw new UnknownParameterError(operation, parameter);
    paths = paths.flatMap((path) =>
      values.map((value) => path.replace(`{${parameter}}`, encodeURIComponent(value))),
    );
  }
  return paths;
}

/** A small, fast, seeded random source (mulberry32): the same seed, the same run. */
export class Random {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [0, below). */
  below(below: number): number {
    return Math.floor(this.next() * below);
  }

  pick<T>(values: readonly T[]): T {
    if (values.length === 0) throw new Error('nothing to pick from');
    return values[this.below(values.length)] as T;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  uuid(): string {
    const hex = () => this.below(16).toString(16);
    const digits = Array.from({ length: 32 }, hex);
    digits[12] = '4';
    digits[16] = (8 + this.below(4)).toString(16);
    const text = digits.join('');
    return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
  }
}

export type BodyOptions = {
  /** Values of string properties by name, sent even when optional: ids (`areas: [uuid]` takes
   * `areaId`, as singular + `Id`) and values a rule across fields needs (a name or a number). */
  known?: Record<string, string>;
  /** Send the optional query parameters `known` names as well, not only the required ones (the
   * tenancy sweep, which names A's things wherever a call can take them). */
  queryKnown?: boolean;
  /** Without one, every choice is the first (enums' first value, required properties and the
   * known ones); with one, enum values, optional properties and array lengths vary. */
  random?: Random;
};

/** Strings tried, in order, for a string schema; the first that fits every constraint wins. */
const STRING_CANDIDATES: Record<string, string[]> = {
  date: ['2026-10-01'],
  'date-time': ['2026-10-01T10:00:00+02:00'],
  email: ['sweep.person@example.se'],
  uuid: ['00000000-0000-4000-8000-000000000000'],
  any: [
    'Alfa 1',
    '2026-10-01',
    '2026-10-01T10:00:00+02:00',
    '2026-10',
    '482915',
    '+46 70 123 45 67',
  ],
};

/** Whether the string fits the schema's lengths and every pattern in it and its allOf. */
function fitsString(schema: JsonSchema, value: string): boolean {
  if (schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  const patterns = [schema.pattern, ...(schema.allOf ?? []).map((part) => part.pattern)];
  return patterns.every((pattern) => pattern === undefined || new RegExp(pattern).test(value));
}

function stringFor(schema: JsonSchema, random: Random | undefined): string {
  if (schema.format === 'uuid' && random) return random.uuid();
  const candidates = [
    ...(STRING_CANDIDATES[schema.format ?? ''] ?? []),
    ...(STRING_CANDIDATES.any ?? []),
  ];
  for (const candidate of candidates) {
    // A text too short for minLength is padded with what fits a text pattern.
    const padded = candidate.padEnd(schema.minLength ?? 0, '7');
    if (fitsString(schema, padded)) return padded;
  }
  throw new Error(`no string fits the schema ${JSON.stringify(schema)}: add a candidate`);
}

function numberFor(schema: JsonSchema, integer: boolean): number {
  const step = integer ? 1 : 0.5;
  let value = 1;
  if (schema.minimum !== undefined) value = Math.max(value, schema.minimum);
  if (schema.exclusiveMinimum !== undefined)
    value = Math.max(value, schema.exclusiveMinimum + step);
  if (schema.maximum !== undefined) value = Math.min(value, schema.maximum);
  if (schema.exclusiveMaximum !== undefined)
    value = Math.min(value, schema.exclusiveMaximum - step);
  return value;
}

/** The known value of a property: by its name, `name` + `Id`, its singular + `Id`, or its
 * singular (`areas` takes `areaId`, `propertyIds` `propertyId`). */
function knownFor(name: string | undefined, known: Record<string, string> | undefined) {
  if (!name || !known) return undefined;
  const singular = name.replace(/s$/, '');
  return known[name] ?? known[`${name}Id`] ?? known[`${singular}Id`] ?? known[singular];
}

/**
 * A value the schema accepts: the required properties and those `known` names (with a random
 * source, a random half of the others too), enums' first value, strings that fit formats, patterns and lengths, numbers within
 * bounds, arrays of minItems items (at least one). `$ref`s are resolved in the document.
 */
export function valueFor(
  document: OpenApiDocument,
  schema: JsonSchema,
  options: BodyOptions = {},
  name?: string,
): unknown {
  const { random } = options;
  const resolved = resolve(document, schema);
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.enum) return random ? random.pick(resolved.enum) : resolved.enum[0];
  const choices = resolved.anyOf ?? resolved.oneOf;
  if (choices) {
    const typed = choices.filter((choice) => choice.type !== 'null');
    const choice = random ? random.pick(typed) : typed[0];
    return valueFor(document, choice ?? { type: 'null' }, options, name);
  }
  const type = Array.isArray(resolved.type) ? resolved.type[0] : resolved.type;
  switch (type) {
    case 'object': {
      const body: Record<string, unknown> = {};
      const required = new Set(resolved.required ?? []);
      for (const [property, propertySchema] of Object.entries(resolved.properties ?? {})) {
        const known = knownFor(property, options.known) !== undefined;
        if (required.has(property) || known || random?.chance(0.5))
          body[property] = valueFor(document, propertySchema, options, property);
      }
      return body;
    }
    case 'array': {
      const least = Math.max(resolved.minItems ?? 0, 1);
      const most = Math.max(least, Math.min(resolved.maxItems ?? least, least + 2));
      const length = random ? least + random.below(most - least + 1) : least;
      return Array.from({ length }, () => valueFor(document, resolved.items ?? {}, options, name));
    }
    case 'string':
      return knownFor(name, options.known) ?? stringFor(resolved, random);
    case 'integer':
      return numberFor(resolved, true);
    case 'number':
      return numberFor(resolved, false);
    case 'boolean':
      return random ? random.chance(0.5) : false;
    case 'null':
      return null;
    default:
      return {};
  }
}

function resolve(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const target = document.components?.schemas?.[name];
  if (!target) throw new Error(`unresolvable $ref ${schema.$ref}`);
  return resolve(document, target);
}

/** The operation's query string (`?…` or empty): its required parameters, the known ones with
 * `queryKnown`, and with a random source some optional ones too; arrays comma-separated, as the
 * API reads them. */
export function queryFor(
  document: OpenApiDocument,
  operation: Operation,
  options: BodyOptions = {},
): string {
  const search = new URLSearchParams();
  for (const parameter of operation.query) {
    const known = options.queryKnown && knownFor(parameter.name, options.known) !== undefined;
    if (!parameter.required && !known && !options.random?.chance(0.3)) continue;
    const value = valueFor(document, parameter.schema, options, parameter.name);
    search.set(parameter.name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The operation's body as sent: its bytes' text and content type; undefined without one. */
export function bodyFor(
  document: OpenApiDocument,
  operation: Operation,
  options: BodyOptions = {},
): { text: string; contentType: string } | undefined {
  if (!operation.body || !operation.bodyType) return undefined;
  const value = valueFor(document, operation.body, options);
  const json = operation.bodyType === 'application/json';
  return { text: json ? JSON.stringify(value) : String(value), contentType: operation.bodyType };
}

/**
 * The names of the operation's query parameters and body properties (at any depth) that `known`
 * has a value for by valueFor's rules: where the call names things outside its path.
 */
export function knownNamesOf(
  document: OpenApiDocument,
  operation: Operation,
  known: Record<string, string>,
): string[] {
  const names = new Set(operation.query.map((parameter) => parameter.name));
  const seen = new Set<JsonSchema>();
  const walk = (schema: JsonSchema | undefined) => {
    if (!schema) return;
    const resolved = resolve(document, schema);
    if (seen.has(resolved)) return;
    seen.add(resolved);
    for (const [name, property] of Object.entries(resolved.properties ?? {})) {
      names.add(name);
      walk(property);
    }
    walk(resolved.items);
    for (const part of [
      ...(resolved.anyOf ?? []),
      ...(resolved.oneOf ?? []),
      ...(resolved.allOf ?? []),
    ])
      walk(part);
  };
  walk(operation.body);
  return [...names].filter((name) => knownFor(name, known) !== undefined);
}
