// A publish's payload read as the ingest body, or the error the gateway reads on its results.
import { describe, expect, it } from 'vitest';
import { BATCH_MAX_LENGTH, readReadingsMessage } from './readings-message';

const reading = { meter: 'KAM12345678', at: '2026-11-22T10:15:00+01:00', value: 1.5, unit: 'kWh' };
const read = (value: unknown) => readReadingsMessage(Buffer.from(JSON.stringify(value)));

describe('readReadingsMessage', () => {
  it('reads the body of POST /api/ingest/readings, and a batch to echo', () => {
    expect(read({ readings: [reading] })).toEqual({ body: { readings: [reading] } });
    expect(read({ readings: [reading], batch: 'b-17' })).toEqual({
      body: { readings: [reading] },
      batch: 'b-17',
    });
  });

  it('answers a payload that is not JSON in UTF-8 with BAD_REQUEST', () => {
    for (const payload of [Buffer.from('readings=1'), Buffer.from([0xff, 0xfe, 0x7b, 0x7d])])
      expect(readReadingsMessage(payload)).toEqual({
        error: {
          code: 'BAD_REQUEST',
          issues: [{ field: '', rule: 'invalid_json', message: expect.any(String) }],
        },
      });
  });

  it('answers a body not in shape with VALIDATION_FAILED and its issues, as the HTTP call does', () => {
    const answer = read({
      readings: [{ ...reading, unit: 'kWh/h' }, { meter: 'x' }],
      batch: 'b-18',
    });
    expect(answer).toMatchObject({ batch: 'b-18', error: { code: 'VALIDATION_FAILED' } });
    const fields = 'error' in answer ? answer.error.issues.map((issue) => issue.field) : [];
    expect(fields).toEqual(expect.arrayContaining(['readings.0.unit', 'readings.1.at']));
    expect(read({ readings: [] })).toMatchObject({
      error: { issues: [{ field: 'readings', rule: 'too_small', limit: 1 }] },
    });
    expect(read([reading])).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('echoes no batch that is not a short string', () => {
    expect(read({ readings: [reading], batch: 7 })).toEqual({ body: { readings: [reading] } });
    expect(read({ readings: [reading], batch: 'x'.repeat(BATCH_MAX_LENGTH + 1) })).toEqual({
      body: { readings: [reading] },
    });
  });
});
