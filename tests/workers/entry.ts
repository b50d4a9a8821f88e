// Worker entry for the workerd test project: exports the toolkit's Durable
// Object classes under the names wrangler.jsonc binds.
import { realtimeObject } from '../../src/realtime/object.ts';
import { pagesCollection } from './pages-collection.ts';

export * from '../../src/worker/index.ts';

/** The realtime session's object over the test pages collection. */
export const RealtimeObject = realtimeObject<Env>({ collections: [pagesCollection] });

export default {
  async fetch(): Promise<Response> {
    return new Response('louise test worker', { status: 404 });
  },
};
