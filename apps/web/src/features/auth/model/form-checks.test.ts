// The sign-in screen's own check of an address, which keeps it free of zod.
import { describe, expect, it } from 'vitest';
import { checkEmail } from './form-checks';

describe('the sign-in check', () => {
  it('checks an e-mail address', () => {
    expect(checkEmail('')).toBe('emailRequired');
    expect(checkEmail('   ')).toBe('emailRequired');
    expect(checkEmail('anna')).toBe('emailInvalid');
    expect(checkEmail('anna@example')).toBe('emailInvalid');
    expect(checkEmail(`anna@${'x'.repeat(250)}.se`)).toBe('emailInvalid');
    expect(checkEmail(' anna@example.se ')).toBeUndefined();
  });
});
