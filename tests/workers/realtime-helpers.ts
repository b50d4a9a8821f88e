import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterEach, expect } from 'vitest';
import type { EditorRoute } from '../../src/http/route.ts';
import { runEditorRoute } from '../../src/http/route.ts';
import { liveObjectName } from '../../src/realtime/intro.ts';
import { liveRoute } from '../../src/realtime/live-route.ts';
import type { Peer, ServerMessage } from '../../src/realtime/protocol.ts';
import { headerEditor, ORIGIN, pagesCollection } from './content-helpers.ts';

export const live: EditorRoute<Env> = liveRoute<Env>({ config: pagesCollection, resolveEditor: headerEditor, namespace: (e) => e.REALTIME });

type Of<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

/** One test client on a page's socket: what it received, in order, and ways to wait for more. */
export interface TestClient {
  ws: WebSocket;
  received: ServerMessage[];
  send(message: unknown): void;
  /** The next message of `type` not yet taken (waits up to 2 s). */
  next<T extends ServerMessage['type']>(type: T): Promise<Of<T>>;
  /** Resolves with the close code and reason when the object closes the socket. */
  closed: Promise<{ code: number; reason: string }>;
  welcome: Of<'welcome'>;
}

/** Opens the page's live session through the real route, as editor `editor`. */
export async function connect(id: number, editor = 'ana'): Promise<TestClient> {
  const res = await runEditorRoute(
    live,
    new Request(`${ORIGIN}/api/cms/pages/${id}/live`, { headers: { upgrade: 'websocket', origin: ORIGIN, 'x-editor': editor } }),
    env,
  );
  expect(res.status).toBe(101);
  const ws = res.webSocket as WebSocket;
  ws.accept();
  const received: ServerMessage[] = [];
  const taken = new Set<number>();
  let wake: () => void = () => {};
  ws.addEventListener('message', (event) => {
    received.push(JSON.parse(event.data as string) as ServerMessage);
    wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.addEventListener('close', (event) => {
      resolve({ code: event.code, reason: event.reason });
      wake();
    });
  });
  const next = async <T extends ServerMessage['type']>(type: T): Promise<Of<T>> => {
    const deadline = Date.now() + 2_000;
    for (;;) {
      const index = received.findIndex((m, i) => m.type === type && !taken.has(i));
      if (index >= 0) {
        taken.add(index);
        return received[index] as Of<T>;
      }
      if (Date.now() > deadline) throw new Error(`no ${type} message; got ${received.map((m) => m.type).join(', ')}`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 50);
      });
    }
  };
  const client: TestClient = { ws, received, send: (message) => ws.send(JSON.stringify(message)), next, closed, welcome: undefined as never };
  client.welcome = await next('welcome');
  return client;
}

/** Waits for the presence message whose peers pass `test` (each presence is a snapshot; earlier ones may not show it yet). */
export async function presenceUntil(client: TestClient, test: (peers: Peer[]) => boolean): Promise<Peer[]> {
  for (;;) {
    const { peers } = await client.next('presence');
    if (test(peers)) return peers;
  }
}

export const stubOf = (id: number) => env.REALTIME.get(env.REALTIME.idFromName(liveObjectName('pages', id)));

/** Makes the pending flush due now and runs the object's alarm (flush and sweep). */
export async function flushNow(id: number): Promise<void> {
  const stub = stubOf(id);
  await runInDurableObject(stub, async (_instance, state) => {
    if ((await state.storage.get('flushAt')) !== undefined) await state.storage.put('flushAt', 0);
  });
  await runDurableObjectAlarm(stub);
}

/** Lets the other side's messages arrive. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

/**
 * Joins the page `pageId()` names as `editor`, and closes every socket a
 * test opened after it (isolated storage needs them closed before the
 * test's storage is popped).
 */
export function joinPerTest(pageId: () => number): (editor?: string) => Promise<TestClient> {
  const open: TestClient[] = [];
  afterEach(async () => {
    for (const client of open.splice(0)) {
      try {
        client.ws.close(1000, 'test over');
      } catch {
        // already closed by the object
      }
    }
    await settle();
  });
  return async (editor = 'ana') => {
    const client = await connect(pageId(), editor);
    open.push(client);
    return client;
  };
}
