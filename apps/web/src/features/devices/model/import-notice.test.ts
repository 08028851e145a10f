// The import's notice as the area's devices read it from the location state, and nothing else.
import { describe, expect, it } from 'vitest';
import { importNoticeIn, importNoticeState } from './import-notice';

describe('the import notice', () => {
  it('is read back from the state it is sent with', () => {
    expect(importNoticeIn(importNoticeState(12))).toEqual({ kind: 'imported', count: 12 });
  });

  it.each([
    [undefined],
    [null],
    [{ areaNotice: { kind: 'created', count: 1 } }],
    [{ deviceImportNotice: { kind: 'imported' } }],
  ])('is absent from %j', (state) => {
    expect(importNoticeIn(state)).toBeUndefined();
  });
});
