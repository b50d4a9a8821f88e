import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineForm } from './define-form.ts';
import { EMAIL_MESSAGE, validateForm } from './form-schema.ts';

const form = defineForm({
  name: 'kitchen-sink',
  fields: {
    name: { type: 'text', label: 'Your name', required: true },
    email: { type: 'email', required: true },
    message: { type: 'longtext', maxLength: 20 },
    topic: { type: 'choice', options: ['sales', 'support'] },
    agree: { type: 'checkbox', label: 'Terms', required: true },
    news: { type: 'checkbox' },
    guests: { type: 'number', integer: true, min: 1, max: 10 },
    budget: { type: 'number' },
  },
});

const valid = { name: 'Ana', email: 'ana@example.com', agree: 'on' };
const data = (input: Record<string, unknown>) => {
  const result = validateForm(form, { ...valid, ...input });
  if (!('data' in result)) throw new Error(`expected data, got ${JSON.stringify(result.violations)}`);
  return result.data;
};
const violations = (input: Record<string, unknown>) => {
  const result = validateForm(form, { ...valid, ...input });
  if (!('violations' in result)) throw new Error(`expected violations, got ${JSON.stringify(result.data)}`);
  return result.violations;
};

describe('validateForm coercion', () => {
  it('text: trimmed, one line, normalized; empty optional left out', () => {
    expect(data({ name: '  Ana\r\nMaria\u202e \u0000 ' })).toMatchObject({ name: 'Ana Maria' });
    expect(data({ topic: '   ' })).not.toHaveProperty('topic');
    expect(violations({ name: '   ' })).toEqual([{ field: 'name', message: 'Fill in Your name.' }]);
    expect(violations({ name: undefined })).toEqual([{ field: 'name', message: 'Fill in Your name.' }]);
    expect(violations({ name: 42 })).toEqual([{ field: 'name', message: 'Enter text.' }]);
    expect(violations({ name: 'x'.repeat(201) })).toEqual([{ field: 'name', message: 'Use at most 200 characters.' }]);
    expect(data({ name: 'x'.repeat(200) }).name).toHaveLength(200);
  });

  it('email: checked by valibot, with a message saying what is expected', () => {
    expect(data({ email: ' ana@example.com ' }).email).toBe('ana@example.com');
    for (const bad of ['ana', 'ana@', '@example.com', 'ana@example', 'a b@example.com'])
      expect(violations({ email: bad }), bad).toEqual([{ field: 'email', message: EMAIL_MESSAGE }]);
    expect(violations({ email: '' })).toEqual([{ field: 'email', message: EMAIL_MESSAGE }]);
    expect(violations({ email: `${'a'.repeat(250)}@example.com` })[0]?.message).toBe('Use at most 254 characters.');
  });

  it('longtext: keeps line breaks as \\n, still drops NUL, has its own maxLength', () => {
    expect(data({ message: 'one\r\ntwo\rthree\u0000' }).message).toBe('one\ntwo\nthree');
    expect(violations({ message: 'x'.repeat(21) })).toEqual([{ field: 'message', message: 'Use at most 20 characters.' }]);
  });

  it('choice: one of the options only', () => {
    expect(data({ topic: ' support ' }).topic).toBe('support');
    expect(violations({ topic: 'other' })).toEqual([{ field: 'topic', message: 'Choose one of: sales, support.' }]);
    expect(violations({ topic: ['sales'] })).toEqual([{ field: 'topic', message: 'Choose one of: sales, support.' }]);
  });

  it('checkbox: on/true/1 tick it, absent or off is false; required must be ticked', () => {
    for (const on of ['on', 'true', '1', 'ON', true]) expect(data({ news: on }).news, String(on)).toBe(true);
    for (const off of [undefined, '', 'off', 'false', '0', false, null]) expect(data({ news: off }).news, String(off)).toBe(false);
    expect(data({}).news).toBe(false);
    expect(violations({ news: 'maybe' })).toEqual([{ field: 'news', message: 'Tick “news” or leave it empty.' }]);
    expect(violations({ agree: undefined })).toEqual([{ field: 'agree', message: 'Tick “Terms” to continue.' }]);
    expect(violations({ agree: 'off' })).toEqual([{ field: 'agree', message: 'Tick “Terms” to continue.' }]);
  });

  it('number: decimal strings and JSON numbers; integer, min and max checked; blank is left out', () => {
    expect(data({ guests: '4', budget: ' 12.5 ' })).toMatchObject({ guests: 4, budget: 12.5 });
    expect(data({ guests: 10, budget: '-3' })).toMatchObject({ guests: 10, budget: -3 });
    expect(data({ guests: '' })).not.toHaveProperty('guests');
    for (const bad of ['abc', '0x10', 'Infinity', '1,5', '1e999', true, {}])
      expect(violations({ budget: bad }), String(bad)).toEqual([{ field: 'budget', message: 'Enter a number, such as 42.' }]);
    expect(violations({ guests: '2.5' })).toEqual([{ field: 'guests', message: 'Enter a whole number.' }]);
    expect(violations({ guests: '0' })).toEqual([{ field: 'guests', message: 'Enter 1 or more.' }]);
    expect(violations({ guests: 11 })).toEqual([{ field: 'guests', message: 'Enter 10 or less.' }]);
  });

  it('drops every key that is not a declared field, the hidden ones and prototype names included', () => {
    const input = JSON.parse('{"_hp":"","_ts":"1.x","cf-turnstile-response":"t","admin":true,"__proto__":{"polluted":1},"constructor":"x"}');
    const out = data(input);
    expect(Object.keys(out).sort()).toEqual(['agree', 'email', 'name', 'news']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('reports one violation per failing field, all fields at once', () => {
    expect(validateForm(form, { email: 'x', guests: 'many' })).toEqual({
      violations: [
        { field: 'name', message: 'Fill in Your name.' },
        { field: 'email', message: EMAIL_MESSAGE },
        { field: 'agree', message: 'Tick “Terms” to continue.' },
        { field: 'guests', message: 'Enter a number, such as 42.' },
      ],
    });
  });

  it('refuses a non-object input without throwing', () => {
    for (const input of [null, 'x', [1], 3])
      expect(validateForm(form, input)).toEqual({ violations: [{ field: '', message: 'Send the form fields as an object.' }] });
  });

  it('never throws and never lets an undeclared key through (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null))), (input) => {
        const result = validateForm(form, input);
        if ('data' in result) for (const key of Object.keys(result.data)) expect(Object.hasOwn(form.fields, key)).toBe(true);
      }),
    );
  });
});
