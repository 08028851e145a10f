// The request generator of the sweep and the fuzzer, on a small document of its own.
import { describe, expect, it } from 'vitest';
import {
  bodyFor,
  knownNamesOf,
  type OpenApiDocument,
  operationsOf,
  pathsOf,
  queryFor,
  Random,
  UnknownParameterError,
  valueFor,
} from './openapi-requests';

const UUID = { type: 'string', format: 'uuid' };
const document: OpenApiDocument = {
  paths: {
    '/api/areas/{areaId}/exports': {
      post: {
        parameters: [
          { in: 'path', name: 'areaId', required: true },
          { in: 'query', name: 'kind', required: true, schema: { enum: ['areas', 'periods'] } },
          { in: 'query', name: 'propertyIds', schema: { type: 'string' } },
        ],
        requestBody: {
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Ask' } } },
        },
      },
    },
    '/api/ingest/readings': { post: { security: [{ gatewayKey: [] }] } },
    '/api/import': {
      post: { requestBody: { content: { 'text/csv': { schema: { type: 'string' } } } } },
    },
  },
  components: {
    schemas: {
      Ask: {
        type: 'object',
        properties: {
          areas: { type: 'array', items: UUID },
          from: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
          at: { type: 'string', format: 'date-time' },
          code: { type: 'string', allOf: [{ pattern: '^\\d{4,10}$' }] },
          password: { type: 'string', minLength: 8, maxLength: 63 },
          types: { type: 'array', minItems: 2, items: { enum: ['heat', 'el'] } },
          slot: { type: 'integer', minimum: 1, maximum: 250 },
          share: { type: 'number', exclusiveMinimum: 0, maximum: 0.75 },
          floor: { anyOf: [{ type: 'null' }, { type: 'integer', minimum: 3 }] },
          note: { type: 'string' },
        },
        required: ['from', 'at', 'code', 'password', 'types', 'slot', 'share', 'floor'],
      },
    },
  },
};

describe('the OpenAPI request generator', () => {
  const [exports, ingest, csv] = operationsOf(document);

  it('lists the operations with their path parameters, query, body and authentication', () => {
    expect(exports).toMatchObject({
      method: 'POST',
      path: '/api/areas/{areaId}/exports',
      pathParameters: ['areaId'],
      bodyType: 'application/json',
      gatewayKey: false,
    });
    expect(ingest).toMatchObject({ pathParameters: [], body: undefined, gatewayKey: true });
    expect(csv?.bodyType).toBe('text/csv');
  });

  it('fills a path with every id given, and refuses a parameter it has no ids for', () => {
    if (!exports) throw new Error('no operation');
    expect(pathsOf(exports, { areaId: ['a1', 'a 2'] })).toEqual([
      '/api/areas/a1/exports',
      '/api/areas/a%202/exports',
    ]);
    expect(() => pathsOf(exports, { propertyId: ['p'] })).toThrow(UnknownParameterError);
  });

  it('builds a body that fits the schema: required and known properties, formats, bounds', () => {
    if (!exports) throw new Error('no operation');
    const body = bodyFor(document, exports, { known: { areaId: 'the-area' } });
    expect(body?.contentType).toBe('application/json');
    expect(JSON.parse(body?.text ?? '')).toEqual({
      areas: ['the-area'],
      from: '2026-10-01',
      at: '2026-10-01T10:00:00+02:00',
      code: '482915',
      password: 'Alfa 177',
      types: ['heat', 'heat'],
      slot: 1,
      share: 0.75,
      floor: 3,
    });
    expect(queryFor(document, exports)).toBe('?kind=areas');
  });

  it('names the query parameters and body properties it knows values for, and sends them', () => {
    if (!exports || !csv) throw new Error('no operation');
    const known = { propertyId: 'the-property', areaId: 'the-area' };
    expect(knownNamesOf(document, exports, known).sort()).toEqual(['areas', 'propertyIds']);
    expect(knownNamesOf(document, csv, known)).toEqual([]);
    expect(queryFor(document, exports, { known, queryKnown: true })).toBe(
      '?kind=areas&propertyIds=the-property',
    );
    expect(queryFor(document, exports, { known })).toBe('?kind=areas');
  });

  it('varies its choices with a random source, the same for the same seed', () => {
    const schema = { $ref: '#/components/schemas/Ask' };
    const made = (seed: number) =>
      Array.from({ length: 5 }, (_, index) =>
        valueFor(document, schema, { random: new Random(seed + index) }),
      );
    expect(made(7)).toEqual(made(7));
    expect(made(7)).not.toEqual(made(8));
    expect(new Random(1).uuid()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('says which schema it cannot satisfy rather than send an invalid body', () => {
    expect(() => valueFor(document, { type: 'string', pattern: '^[A-Z]{3}$' })).toThrow(
      'no string fits',
    );
  });
});
