// Worker entry for the workerd test project: exports the toolkit's Durable
// Object classes under the names wrangler.jsonc binds.
export * from '../../src/worker/index.ts';

export default {
  async fetch(): Promise<Response> {
    return new Response('louise test worker', { status: 404 });
  },
};
