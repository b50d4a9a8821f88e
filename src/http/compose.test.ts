import { describe, expect, it } from 'vitest';
import { json } from './errors.ts';
import type { EditorRoute } from './route.ts';
import { composeRoutes } from './compose.ts';

const ctx = { waitUntil() {} };
const answering =
  (path: string, body: string): EditorRoute<unknown> =>
  async (request) =>
    new URL(request.url).pathname === path ? json(body) : undefined;

describe('composeRoutes', () => {
  it('the first route that answers wins; later ones are not called', async () => {
    let calls = 0;
    const counting: EditorRoute<unknown> = async () => {
      calls++;
      return json('late');
    };
    const api = composeRoutes(answering('/a', 'first'), answering('/a', 'second'), counting);
    expect(await (await api(new Request('https://x.test/a'), {}, ctx))!.json()).toBe('first');
    expect(calls).toBe(0);
    expect(await (await api(new Request('https://x.test/b'), {}, ctx))!.json()).toBe('late');
  });
  it('falls through to undefined when nothing answers', async () => {
    const api = composeRoutes(answering('/a', 'a'));
    expect(await api(new Request('https://x.test/zzz'), {}, ctx)).toBeUndefined();
    expect(await composeRoutes()(new Request('https://x.test/'), {}, ctx)).toBeUndefined();
  });
});
