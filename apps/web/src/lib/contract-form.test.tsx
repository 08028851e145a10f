// The contract form on a small form of its own (an area's fields): what it sends, the messages it
// shows before sending and after the server refuses, in the language shown, and the focus.

import { TextInput } from '@mantine/core';
import { CreateAreaSchema } from '@portal/contracts/areas';
import { ErrorCode } from '@portal/contracts/error-codes';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderComponent } from '../test/render';
import { checkForm, useContractForm } from './contract-form';
import type { FieldMessages } from './form-issues';

type Values = { name: string; areaType: string; number: string; floorArea: string };

const MESSAGES: FieldMessages<Values> = { name: { invalid: 'areas:check.nameOrNumber' } };

/** What the server's refusal is: a VALIDATION_FAILED body, or anything else. */
let refusal: unknown;

function AreaTestForm({ send }: { send: (body: unknown) => void }) {
  const { form, onSubmit, showServerIssues, setFieldMessage } = useContractForm(CreateAreaSchema, {
    initialValues: { name: '', areaType: 'apt', number: '', floorArea: '' },
    numbers: ['number', 'floorArea'],
    messages: MESSAGES,
    toInput: (input) => ({ ...input, name: String(input.name).replace('Lgh', 'Lägenhet') }),
  });
  const [placed, setPlaced] = useState<boolean>();
  return (
    <form
      noValidate
      onSubmit={onSubmit((body) => {
        send(body);
        if (refusal) setPlaced(showServerIssues(refusal));
      })}
    >
      <TextInput label="Namn" key={form.key('name')} {...form.getInputProps('name')} />
      <TextInput label="Nummer" key={form.key('number')} {...form.getInputProps('number')} />
      <TextInput label="Yta" key={form.key('floorArea')} {...form.getInputProps('floorArea')} />
      <button type="submit">Skicka</button>
      <button
        type="button"
        onClick={() => setFieldMessage('number', { key: 'areas:form.numberTaken' })}
      >
        Upptaget
      </button>
      {placed !== undefined && <output>{placed ? 'placed' : 'not placed'}</output>}
    </form>
  );
}

function renderForm(language: 'sv' | 'en' = 'sv') {
  const send = vi.fn();
  const rendered = renderComponent(<AreaTestForm send={send} />, { language });
  const field = (name: string) => screen.getByRole('textbox', { name });
  const submit = () => rendered.user.click(screen.getByRole('button', { name: 'Skicka' }));
  return { ...rendered, send, field, submit };
}

/** A form whose own conversion breaks a value it has no field for. */
function HiddenMistakeForm({ send }: { send: (body: unknown) => void }) {
  const { form, onSubmit } = useContractForm(CreateAreaSchema, {
    initialValues: { name: 'Tvättstuga' },
    toInput: (input) => ({ ...input, areaType: 'nonsense' }),
  });
  return (
    <form noValidate onSubmit={onSubmit(send)}>
      <TextInput label="Namn" key={form.key('name')} {...form.getInputProps('name')} />
      <button type="submit">Skicka</button>
    </form>
  );
}

describe('useContractForm', () => {
  it('sends nothing the contract refuses, even a value no field shows', async () => {
    const send = vi.fn();
    const { user } = renderComponent(<HiddenMistakeForm send={send} />);
    await user.click(screen.getByRole('button', { name: 'Skicka' }));
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the body the schema gives: numbers read the language’s way, texts trimmed', async () => {
    refusal = undefined;
    const { user, send, field, submit } = renderForm();
    await user.type(field('Namn'), ' Lgh A ');
    await user.type(field('Yta'), '1 024,5');
    await submit();
    expect(send).toHaveBeenCalledWith({
      name: 'Lägenhet A',
      areaType: 'apt',
      // Nothing typed: no value, so the schema's default.
      number: null,
      floorArea: 1024.5,
    });
  });

  it('reads English notation in English', async () => {
    refusal = undefined;
    const { user, send, field, submit } = renderForm('en');
    await user.type(field('Nummer'), '1,001');
    await user.type(field('Yta'), '72.5');
    await submit();
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ number: 1001, floorArea: 72.5 }));
  });

  it('sends nothing, shows each field’s message and focuses the first field to fix', async () => {
    refusal = undefined;
    const { user, send, field, submit } = renderForm();
    await submit();
    // The form's own wording for the schema's rule 'a name or a number'.
    expect(field('Namn')).toHaveAccessibleDescription('Ange ett namn eller ett nummer.');
    expect(field('Namn')).toHaveFocus();

    await user.type(field('Nummer'), '10,5');
    await user.type(field('Yta'), '0');
    await submit();
    expect(send).not.toHaveBeenCalled();
    // The generic messages, with the contract's bound.
    expect(field('Nummer')).toHaveAccessibleDescription('Skriv ett heltal.');
    expect(field('Yta')).toHaveAccessibleDescription('Värdet måste vara större än 0.');
    expect(field('Nummer')).toHaveFocus();
  });

  it('writes the messages in English, bounds the English way, and again on a language change', async () => {
    refusal = undefined;
    const { user, field, submit, i18n } = renderForm('en');
    await user.type(field('Nummer'), '123456789');
    await submit();
    expect(field('Nummer')).toHaveAccessibleDescription('The value must be at most 99,999,999.');
    await act(() => i18n.changeLanguage('sv'));
    expect(field('Nummer')).toHaveAccessibleDescription(
      'Värdet får vara högst 99\u00a0999\u00a0999.',
    );
  });

  it('shows a VALIDATION_FAILED answer on the fields, with the same translator', async () => {
    refusal = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'floorArea: The floor area must be at most 1 000 000 m².',
      code: ErrorCode.validation,
      details: {
        issues: [
          { field: 'floorArea', rule: 'too_big', limit: 1_000_000, message: 'English' },
          // A field the form does not have is not shown.
          { field: 'propertyId', rule: 'invalid_format', format: 'uuid', message: 'English' },
        ],
      },
    };
    const { user, send, field, submit } = renderForm();
    await user.type(field('Nummer'), '1');
    await submit();
    expect(send).toHaveBeenCalled();
    expect(await screen.findByRole('status')).toHaveTextContent('placed');
    expect(field('Yta')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Yta')).toHaveAccessibleDescription('Värdet får vara högst 1\u00a0000\u00a0000.');
    expect(field('Yta')).toHaveFocus();
  });

  it('places nothing for any other failure', async () => {
    refusal = { statusCode: 409, error: 'Conflict', message: 'Taken.' };
    const { user, field, submit } = renderForm();
    await user.type(field('Nummer'), '1');
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent('not placed');
  });

  it('shows a message only the server knows until the field changes', async () => {
    refusal = undefined;
    const { user, field } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Upptaget' }));
    expect(field('Nummer')).toHaveAccessibleDescription('Numret används redan i fastigheten.');
    await user.type(field('Nummer'), '2');
    expect(field('Nummer')).not.toHaveAccessibleDescription();
    expect(field('Nummer')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('adds the form’s own rules to the schema’s, worded by the same translator', () => {
    const settings = {
      numbers: ['number', 'floorArea'] as const,
      messages: MESSAGES,
      // A rule of this test only: 'repeat' says the number again.
      rules: (values: Values & { repeat: string }) =>
        values.repeat === values.number ? [] : [{ field: 'repeat', rule: 'custom' }],
    };
    const values = { name: '', areaType: 'apt', number: '', floorArea: '', repeat: '1' };
    expect(checkForm(CreateAreaSchema, values, settings, 'sv')).toEqual({
      ok: false,
      messages: { name: { key: 'areas:check.nameOrNumber' }, repeat: { key: 'forms:invalid' } },
    });
    expect(checkForm(CreateAreaSchema, { ...values, name: 'Tvätt' }, settings, 'sv')).toEqual({
      ok: false,
      messages: { repeat: { key: 'forms:invalid' } },
    });
    expect(
      checkForm(CreateAreaSchema, { ...values, name: 'Tvätt', repeat: '' }, settings, 'sv'),
    ).toMatchObject({ ok: true, body: { name: 'Tvätt' } });
  });
});
