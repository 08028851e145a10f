// What the contract form makes of the profile's typed values with UpdateUserSchema: the changes to
// send, or the account catalogue's message per field — the contract's rules and the form's own.
import { UpdateUserSchema } from '@portal/contracts/users';
import { describe, expect, it } from 'vitest';
import { checkForm } from '../../lib/contract-form';
import { karin } from '../../test/people';
import { PROFILE_FORM, type ProfileValues, profileValuesOf } from './profile-form-values';

const check = (fields: Partial<ProfileValues>) =>
  checkForm(UpdateUserSchema, { ...profileValuesOf(karin), ...fields }, PROFILE_FORM, 'sv');

describe('the profile form’s check', () => {
  it('gives the changes, trimmed, without a password when none was typed', () => {
    expect(check({ name: ' Karin Lund ', phone: ' 08-555 123 45 ' })).toEqual({
      ok: true,
      body: {
        name: 'Karin Lund',
        phone: '08-555 123 45',
        language: karin.language,
        pushNotifications: karin.pushNotifications,
        emailNotifications: karin.emailNotifications,
      },
    });
  });

  it('gives the current and the new password, not the repetition', () => {
    const checked = check({
      password: 'gammalt',
      newPassword: 'ett nytt långt lösen',
      repeatPassword: 'ett nytt långt lösen',
    });
    expect(checked).toMatchObject({
      ok: true,
      body: { password: 'gammalt', newPassword: 'ett nytt långt lösen' },
    });
    expect(checked.ok && checked.body).not.toHaveProperty('repeatPassword');
  });

  it.each([
    [{ name: '  ' }, { name: { key: 'account:form.nameRequired', values: { limit: 1 } } }],
    [{ name: 'x'.repeat(201) }, { name: { key: 'forms:tooLong', values: { limit: 200 } } }],
    [{ phone: 'ring mig' }, { phone: { key: 'account:form.phoneInvalid' } }],
    [
      { phone: '0'.repeat(41) },
      { phone: { key: 'account:form.phoneInvalid', values: { limit: 40 } } },
    ],
    [
      { newPassword: 'kort', repeatPassword: 'annat' },
      {
        password: { key: 'account:profileEdit.currentRequired', values: { limit: 1 } },
        newPassword: { key: 'account:profileEdit.tooShort', values: { limit: 8 } },
        repeatPassword: { key: 'account:profileEdit.mismatch' },
      },
    ],
    [
      { password: 'gammalt' },
      { newPassword: { key: 'account:profileEdit.newRequired', values: { limit: 8 } } },
    ],
    [
      { password: 'gammalt', newPassword: 'x'.repeat(129), repeatPassword: 'x'.repeat(129) },
      { newPassword: { key: 'account:profileEdit.tooLong', values: { limit: 128 } } },
    ],
  ])('names the problem with %j', (fields, messages) => {
    expect(check(fields)).toEqual({ ok: false, messages });
  });
});
