import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.ts';
import { MAX_FORM_BODY, readSubmission } from './read-submission.ts';

const post = (body: BodyInit, type?: string) =>
  new Request('https://site.test/api/cms/forms/contact', { method: 'POST', body, ...(type && { headers: { 'content-type': type } }) });
const refusal = async (request: Request) => {
  try {
    await readSubmission(request);
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, code: error.code };
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('readSubmission', () => {
  it('reads JSON, urlencoded and multipart bodies', async () => {
    expect(await readSubmission(post('{"a":"1"}', 'application/json; charset=utf-8'))).toEqual({ kind: 'json', fields: { a: '1' } });
    expect(await readSubmission(post(new URLSearchParams({ a: '1', b: 'x y' })))).toEqual({ kind: 'form', fields: { a: '1', b: 'x y' } });
    const form = new FormData();
    form.append('a', '1');
    form.append('a', '2');
    expect(await readSubmission(post(form))).toEqual({ kind: 'form', fields: { a: '2' } });
  });

  it('keeps __proto__ as a plain key', async () => {
    const { fields } = await readSubmission(post('__proto__=x&a=1', 'application/x-www-form-urlencoded'));
    expect(Object.hasOwn(fields, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
  });

  it('refuses files, other types, bad JSON and non-objects', async () => {
    const form = new FormData();
    form.append('file', new File(['x'], 'x.txt'));
    expect(await refusal(post(form))).toEqual({ status: 400, code: 'file_not_accepted' });
    expect(await refusal(post('a', 'text/plain'))).toEqual({ status: 415, code: 'unsupported_media_type' });
    expect(await refusal(post('{', 'application/json'))).toEqual({ status: 400, code: 'invalid_json' });
    expect(await refusal(post('[1]', 'application/json'))).toEqual({ status: 400, code: 'invalid_body' });
  });

  it('refuses more than 64 KB, declared or streamed', async () => {
    const big = `a=${'x'.repeat(MAX_FORM_BODY)}`;
    expect(await refusal(post(big, 'application/x-www-form-urlencoded'))).toEqual({ status: 413, code: 'too_large' });
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 70; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    });
    const chunked = new Request('https://site.test/f', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(await refusal(chunked)).toEqual({ status: 413, code: 'too_large' });
    expect((await readSubmission(post(`{"a":"${'x'.repeat(MAX_FORM_BODY - 8)}"}`, 'application/json'))).kind).toBe('json');
  });
});
