import { readdirSync } from 'node:fs';
import { ErrorResponseSchema } from '@portal/contracts/errors';
import { PropertySchema } from '@portal/contracts/properties';
import { UserSchema } from '@portal/contracts/users';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { notFound, registerErrorHandling } from './errors';
import { createResponseSerializerCompiler, responseJsonSchema } from './serializer';

const ORGANIZATION_ID = '104218e4-9d3e-4b8c-8627-470d6a3c12b1';

const storedUser = {
  id: '98812b98-08ca-4d79-bf36-6909ca15930c',
  email: 'karin@example.se',
  name: 'Karin Lund',
  phone: '',
  role: 'site-manager',
  language: 'sv',
  invitationStatus: 'accepted',
  pushNotifications: false,
  emailNotifications: true,
  // What a handler returning a stored row instead of the presenter's shape would add.
  passwordHash: 'scrypt$131072$8$1$c2FsdA==$aGFzaA==',
  organizations: [
    { id: ORGANIZATION_ID, name: 'Brf Solrosen', role: 'site-manager', inviteKey: 'one-time-key' },
  ],
};

const property = {
  id: '13f45972-ebc2-4008-9938-81d9362840e0',
  name: 'Solrosen 1',
  organizationId: ORGANIZATION_ID,
  organizationName: 'Brf Solrosen',
  address: '',
  propertyType: 'multi-dwelling',
  heatedArea: null,
  buildYear: null,
  timeZone: 'Europe/Stockholm',
  heatingCarrier: 'district-heating',
  geoFactor: 0.9,
  areaCounts: { apt: 24, lau: 1, bic: 1, ent: 1, sop: 1, misc: 0 },
  deviceCounts: { heat: 1, el: 0, hw: 24, cw: 24, gw: 25, door: 1, keypad: 0 },
  createdAt: '2026-03-01T09:15:00.000+01:00',
  updatedAt: '2026-03-02T10:00:00.123Z',
};

const Reading = z.object({ at: z.date(), value: z.number().nullable() });
const Outcome = z.union([
  z.object({ kind: z.literal('sent'), sentAt: z.iso.datetime() }),
  z.object({ kind: z.literal('failed'), attempts: z.number().int() }),
]);
/** A codec sends its input side (the text), which JSON Schema of the output cannot say. */
const Stamped = z.object({
  at: z.codec(z.iso.datetime(), z.date(), {
    decode: (text) => new Date(text),
    encode: (date) => date.toISOString(),
  }),
});

describe('answers written from the response contract', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(createResponseSerializerCompiler());
    registerErrorHandling(app);
    const api = app.withTypeProvider<ZodTypeProvider>();
    const answer = (schema: z.ZodType, data: unknown) => ({
      schema: { response: { 200: schema, 404: ErrorResponseSchema } },
      handler: async () => data as never,
    });
    api.get('/user', answer(UserSchema, storedUser));
    api.get('/properties', answer(z.array(PropertySchema), [property]));
    api.get(
      '/readings',
      answer(z.array(Reading), [{ at: new Date(Date.UTC(2026, 0, 31, 23)), value: null, raw: 7 }]),
    );
    api.get(
      '/outcomes',
      answer(z.array(Outcome), [
        { kind: 'failed', attempts: 3, lastError: 'smtp password rejected' },
        { kind: 'sent', sentAt: '2026-01-31T23:00:00Z', messageId: 'internal' },
      ]),
    );
    api.get('/stamped', answer(Stamped, { at: new Date(Date.UTC(2026, 5, 1)), secret: 'x' }));
    api.get('/stamped-wrong', answer(Stamped, { at: 'not a date' }));
    api.get('/incomplete', answer(UserSchema, { id: storedUser.id }));
    api.get('/missing', {
      schema: { response: { 200: UserSchema, 404: ErrorResponseSchema } },
      handler: async () => {
        throw notFound('User not found.');
      },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.body, json: response.json() };
  };

  it('never sends a field the contract does not list, however deep', async () => {
    const { status, body, json } = await get('/user');
    expect(status).toBe(200);
    expect(body).not.toContain('passwordHash');
    expect(body).not.toContain('scrypt');
    expect(body).not.toContain('one-time-key');
    const { passwordHash: _hash, ...user } = storedUser;
    expect(json).toEqual({
      ...user,
      organizations: [{ id: ORGANIZATION_ID, name: 'Brf Solrosen', role: 'site-manager' }],
    });
  });

  it('sends what zod would have sent: fields in contract order, nulls and ISO texts as given', async () => {
    const { body } = await get('/properties');
    expect(body).toBe(JSON.stringify(z.array(PropertySchema).parse([property])));
    expect(body).toContain('"heatedArea":null,"buildYear":null');
    expect(body).toContain('"createdAt":"2026-03-01T09:15:00.000+01:00"');
  });

  it('sends a Date as JSON.stringify does, in UTC', async () => {
    const { body } = await get('/readings');
    expect(body).toBe('[{"at":"2026-01-31T23:00:00.000Z","value":null}]');
  });

  it('picks the union branch that fits and sends only its fields', async () => {
    const { json } = await get('/outcomes');
    expect(json).toEqual([
      { kind: 'failed', attempts: 3 },
      { kind: 'sent', sentAt: '2026-01-31T23:00:00Z' },
    ]);
  });

  it('writes the error answers with the shared error contract', async () => {
    const { status, json } = await get('/missing');
    expect(status).toBe(404);
    expect(json).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'User not found.',
      code: 'NOT_FOUND',
    });
  });

  it('answers 500 in the error shape, not half a body, when a required field is missing', async () => {
    const { status, json } = await get('/incomplete');
    expect(status).toBe(500);
    expect(json).toMatchObject({ statusCode: 500, code: 'INTERNAL_ERROR' });
  });

  it('leaves a contract JSON Schema cannot describe (a codec) to zod, which encodes and checks it', async () => {
    expect(responseJsonSchema(Stamped)).toBeUndefined();
    expect(await get('/stamped')).toMatchObject({
      status: 200,
      json: { at: '2026-06-01T00:00:00.000Z' },
    });
    expect((await get('/stamped-wrong')).status).toBe(500);
  });
});

describe('responseJsonSchema', () => {
  it('describes the shared contracts, so their answers take the compiled path', () => {
    for (const schema of [UserSchema, z.array(PropertySchema), ErrorResponseSchema])
      expect(responseJsonSchema(schema)).toBeDefined();
  });

  it('marks no object closed, so a union branch still matches an object with more fields', () => {
    expect(JSON.stringify(responseJsonSchema(Outcome))).not.toContain('additionalProperties');
  });

  it('leaves a body-less answer (204) to zod', () => {
    expect(responseJsonSchema(z.undefined())).toBeUndefined();
  });
});

describe('every contract of packages/contracts', () => {
  // The app compiles a route's answer writer at its first answer (app.ts), not at start; this
  // keeps the check a start used to make: no contract fails to compile.
  const folder = new URL('../../../packages/contracts/src/', import.meta.url);
  const modules: [string, Record<string, unknown>][] = [];
  beforeAll(async () => {
    const files = readdirSync(folder).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    for (const file of files)
      modules.push([file, (await import(new URL(file, folder).href)) as Record<string, unknown>]);
  });

  it('compiles as an answer writer', () => {
    const compile = createResponseSerializerCompiler();
    const contracts = modules.flatMap(([file, exports]) =>
      Object.entries(exports)
        .filter(([, value]) => value instanceof z.core.$ZodType)
        .map(([name, schema]) => ({ name: `${file} ${name}`, schema })),
    );
    expect(contracts.length).toBeGreaterThan(50);
    const failed = contracts.flatMap(({ name, schema }) => {
      try {
        compile({ schema, method: 'GET', url: '/', httpStatus: '200' });
        return [];
      } catch (error) {
        return [`${name}: ${(error as Error).message}`];
      }
    });
    expect(failed).toEqual([]);
  });
});
