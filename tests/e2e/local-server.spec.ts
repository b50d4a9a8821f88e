import { expect, test } from '@playwright/test';
import { baseUrl } from './editing-helpers.ts';

// louiseWorker under `astro preview` (the local dev proxy in front of workerd).

test('a refused POST leaves the local server able to answer the next request on the same connection', async () => {
  // Node's fetch reuses one keep-alive connection, as the dev proxy's clients do (Playwright's request context does not show it).
  // The refusal answers before the body is read; behind the local dev proxy that used to fail the connection's next request with a 500.
  const post = (path: string, origin: string, body: unknown) =>
    fetch(`${baseUrl()}${path}`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  for (let i = 0; i < 40; i++) {
    const refused = await post('/api/cms/pages', 'https://evil.example', { slug: 'x', title: 'Cross-site' });
    expect(refused.status).toBe(401); // no session: refused before the body is read
    await refused.text();
    const next = await fetch(`${baseUrl()}/api/cms/status`);
    expect(next.status, `request ${i}`).toBe(200);
    await next.text();
  }
});
