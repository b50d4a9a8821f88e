import { describe, expect, it } from 'vitest';
import { defineForm, type FormConfig } from './define-form.ts';
import { genericTable } from './generic-table.ts';

const fields = { email: { type: 'email', required: true } } as const;
// Configs as plain data: the checks are for what TypeScript cannot see (JavaScript callers, values read at runtime).
const define = (config: Record<string, unknown>) => () => defineForm({ name: 'contact', fields, ...config } as unknown as FormConfig<unknown>);

describe('defineForm', () => {
  it('fills in the spam guard defaults and the generic table', () => {
    const form = defineForm({ name: 'contact', fields });
    expect(form.spam).toMatchObject({ rateLimit: { limit: 5, windowSec: 600 }, honeypot: true, minFillMs: 2000, captchaSecret: undefined });
    expect(form.spam.rateLimitKv({ KV: 'the kv' } as never)).toBe('the kv');
    expect(form.store).toBe(genericTable());
    expect(Object.isFrozen(form) && Object.isFrozen(form.fields)).toBe(true);
  });

  it('keeps what it is given', () => {
    const form = defineForm({ name: 'quote-2', fields, spam: { rateLimit: false, honeypot: false, minFillMs: 0 } });
    expect(form.spam).toMatchObject({ rateLimit: false, honeypot: false, minFillMs: 0 });
  });

  it('refuses a bad name', () => {
    for (const name of ['Contact', '1form', 'a_b', '', 'x'.repeat(41), 'a/b']) expect(define({ name }), name).toThrow(/name must be lower-case/);
    expect(() => defineForm({ name: 'x'.repeat(40), fields })).not.toThrow();
  });

  it('refuses reserved, inherited and non-identifier field names', () => {
    expect(define({ fields: { _hp: { type: 'text' } } })).toThrow(/reserved for the hidden fields/);
    expect(define({ fields: { _note: { type: 'text' } } })).toThrow(/reserved/);
    expect(define({ fields: { 'cf-turnstile-response': { type: 'text' } } })).toThrow(/a name is a letter/);
    expect(define({ fields: { constructor: { type: 'text' } } })).toThrow(/every object has a property/);
    expect(define({ fields: { '2x': { type: 'text' } } })).toThrow(/a name is a letter/);
    expect(define({ fields: {} })).toThrow(/non-empty map/);
  });

  it('refuses bad field options, naming the field and the fix', () => {
    expect(define({ fields: { a: { type: 'date' } } })).toThrow(/field a: type must be one of text, email, longtext, choice, checkbox, number/);
    expect(define({ fields: { a: { type: 'choice' } } })).toThrow(/field a: a choice field needs options/);
    expect(define({ fields: { a: { type: 'choice', options: ['x', 'x'] } } })).toThrow(/options must not repeat/);
    expect(define({ fields: { a: { type: 'choice', options: [' x'] } } })).toThrow(/without surrounding spaces/);
    expect(define({ fields: { a: { type: 'text', options: ['x'] } } })).toThrow(/field a: options does not apply to a text field/);
    expect(define({ fields: { a: { type: 'number', maxLength: 3 } } })).toThrow(/maxLength does not apply to a number field/);
    expect(define({ fields: { a: { type: 'number', min: 5, max: 1 } } })).toThrow(/min \(5\) is greater than max \(1\)/);
    expect(define({ fields: { a: { type: 'text', maxLength: 0 } } })).toThrow(/maxLength must be a whole number/);
    expect(define({ fields: { a: { type: 'text', required: 'yes' } } })).toThrow(/required must be true or false/);
    expect(define({ fields: { a: { type: 'text', label: '' } } })).toThrow(/label must be non-empty/);
  });

  it('refuses bad spam and notify options', () => {
    expect(define({ spam: { rateLimit: { limit: 5, windowSec: 30 } } })).toThrow(/windowSec: integer >= 60/);
    expect(define({ spam: { rateLimit: { limit: 0, windowSec: 60 } } })).toThrow(/spam.rateLimit/);
    expect(define({ spam: { captchaSecret: 'abc' } })).toThrow(/spam.captchaSecret must be a function of the env/);
    expect(define({ spam: { minFillMs: -1 } })).toThrow(/minFillMs/);
    expect(define({ spam: { captcha: true } })).toThrow(/spam.captcha: unknown option/);
    expect(define({ notify: { webhook: 'http://example.com/hook' } })).toThrow(/notify.webhook must be an https URL/);
    expect(define({ notify: { email: { to: 'not an address', from: 'a@example.com' } } })).toThrow(/notify.email.to/);
    expect(define({ notify: { email: { to: [], from: 'a@example.com' } } })).toThrow(/notify.email.to/);
    expect(define({ notify: { email: { to: 'a@example.com', from: 'x' } } })).toThrow(/notify.email.from/);
    expect(define({ notify: { email: { to: 'a@example.com', from: 'b@example.com', subject: 'a\r\nBcc: x@evil.test' } } })).toThrow(/subject must be one line/);
    expect(define({ store: {} })).toThrow(/store must be a FormStore/);
    expect(define({ extra: 1 })).toThrow(/unknown option "extra"/);
  });

  it('lists every problem at once', () => {
    expect(define({ name: 'Bad', fields: { _x: { type: 'nope' } } })).toThrow(/name must[\s\S]*field "_x"[\s\S]*field _x: type/);
  });

  it('accepts env functions for the notify targets', () => {
    const form = defineForm<{ HOOK: string }>({
      name: 'contact',
      fields,
      notify: { webhook: (env) => env.HOOK, email: { to: ['a@example.com', 'b@example.com'], from: (env) => `forms@${env.HOOK}`, subject: 'New' } },
    });
    expect(typeof form.notify.webhook).toBe('function');
  });
});
