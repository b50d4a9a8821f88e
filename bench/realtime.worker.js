// Bench-only worker for bench/realtime.bench.ts. Plain JS (see rate-limit.worker.js); the
// bench's inline wrangler config aliases 'louise-bench-realtime' and 'louise-bench-content'
// to the sources. The worker opens the editors' sockets itself, introduced to the object as
// the live route does (an upgrade with the intro header), and times them on its own clock:
// a Node client would add two local hops (the harness proxy) worth more than what is measured.
// That clock ticks in whole milliseconds (performance.now() is Date.now() in workerd) and
// moves at each delivered event, so a latency is a whole number of ms.
import { DurableObject } from 'cloudflare:workers';
import { defineCollection, textList } from 'louise-bench-content';
import { INTRO_HEADER, RATE_BURST, realtimeObject } from 'louise-bench-realtime';
// The object's naming scheme is internal (not a package export); the bench names objects as the route does.
import { liveObjectName } from 'louise-bench-realtime-intro';

const pages = defineCollection({
  slug: 'pages',
  fields: { title: { type: 'text', required: true }, summary: { type: 'text' }, body: { type: 'richtext' }, paragraphs: { type: 'json', schema: textList } },
  versions: { drafts: true },
});
export const RealtimeObject = realtimeObject({ collections: [pages] });

/**
 * Baseline: the same kind of object (SQLite-backed, hibernation API) relaying every frame
 * as it came, first back to its sender (that is its ack) then to every other socket: no
 * parsing, validation, storage or presence.
 */
export class EchoObject extends DurableObject {
  fetch() {
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  webSocketMessage(ws, frame) {
    ws.send(frame);
    for (const other of this.ctx.getWebSockets()) if (other !== ws && other.readyState === WebSocket.OPEN) other.send(frame);
  }

  webSocketClose(ws, code, reason) {
    ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
  }
}

const PAGE_ID = 1;
/** One field per sender: a set claims its field, and a set on a field another connection holds is refused. */
const FIELDS = ['title', 'summary', 'body', 'paragraphs'];
const WAIT_MS = 10_000;
const LOREM = 'The quick brown fox jumps over the lazy dog while the editor types another sentence into the page. ';

/** The whole field, as an editor's keystroke sends it, carrying `marker` so a receiver knows which set it is. */
function fieldValue(field, marker) {
  if (field === 'title') return `Title ${marker}`;
  if (field === 'summary') return `${LOREM.repeat(2)}${marker}`;
  if (field === 'body') return `${`<p>${LOREM}<strong>bold</strong> <a href="/about">a link</a> ${LOREM}</p>`.repeat(6)}<p>${marker}</p>`;
  return ['First paragraph.', `Second ${marker}`, LOREM];
}

const frame = (field, n) => JSON.stringify({ v: 1, type: 'set', field, value: fieldValue(field, `~${n}~`), seq: n });

let failure = null;
const waiting = new Set();

/** Stops every wait: a socket the object closed, or a set it refused, ends the case with the reason. */
function fail(message) {
  failure ??= new Error(message);
  for (const stop of waiting) stop(failure);
}

/** Resolves once `done` (handed to `arm`) was called `count` times; rejects on a failure or after WAIT_MS. */
function until(count, arm) {
  return new Promise((resolve, reject) => {
    let left = count;
    const timer = setTimeout(() => stop(new Error(`timed out with ${left} of ${count} events missing`)), WAIT_MS);
    function stop(error) {
      clearTimeout(timer);
      waiting.delete(stop);
      if (error) reject(error);
      else resolve();
    }
    waiting.add(stop);
    if (failure) return stop(failure);
    arm(() => --left === 0 && stop(null));
  });
}

/** One editor's socket on the kind's object (for the real object, welcomed). */
async function open(env, kind, editorId) {
  const editor = { id: editorId, email: `${editorId}@bench.local`, name: `Editor ${editorId}`, access: { publish: false } };
  const headers = new Headers({ upgrade: 'websocket', [INTRO_HEADER]: JSON.stringify({ collection: 'pages', id: PAGE_ID, editor }) });
  const ns = kind === 'echo' ? env.ECHO : env.REALTIME;
  const stub = ns.get(ns.idFromName(liveObjectName('pages', PAGE_ID)));
  const res = await stub.fetch(new Request('https://live.louise/connect', { headers }));
  const ws = res.webSocket;
  if (!ws) throw new Error(`${kind}: no socket (${res.status} ${await res.text()})`);
  ws.accept();
  const client = { ws, onMessage: null, closing: false };
  ws.addEventListener('message', (event) => client.onMessage?.(event.data));
  client.closed = new Promise((resolve) =>
    ws.addEventListener('close', (event) => {
      if (!client.closing) fail(`${kind}: socket ${editorId} closed by the object (${event.code} ${event.reason})`);
      resolve();
    }),
  );
  if (kind === 'realtime') await until(1, (done) => (client.onMessage = (data) => data.startsWith('{"v":1,"type":"welcome"') && done()));
  client.onMessage = null;
  return client;
}

async function close(clients) {
  for (const client of clients) {
    client.closing = true;
    client.onMessage = null;
    client.ws.close(1000, 'bench done');
  }
  await Promise.all(clients.map((client) => client.closed));
}

/** The sender's acknowledgement of `seq` (a number, or one of a set taken out of it): the object's `ack`, or its own frame back from the echo. */
function acks(data, seq) {
  const message = JSON.parse(data);
  if (message.type === 'refused') fail(`set ${message.seq} refused: ${message.message}`);
  if ((message.type !== 'ack' && message.type !== 'set') || message.seq === undefined) return false;
  return typeof seq === 'number' ? message.seq === seq : seq.delete(message.seq);
}

let seq = 0;

/** One set alone on the wire: each listener's receive time and the ack's, in ms after the send. */
async function oneSet(sender, listeners, field) {
  const n = ++seq;
  const marker = `~${n}~`;
  const text = frame(field, n);
  const received = [];
  let ack = 0;
  let started = 0;
  await until(listeners.length + 1, (done) => {
    for (const listener of listeners)
      listener.onMessage = (data) => {
        if (!data.includes(marker)) return;
        received.push(performance.now() - started);
        done();
      };
    sender.onMessage = (data) => {
      if (!acks(data, n)) return;
      ack = performance.now() - started;
      done();
    };
    started = performance.now();
    sender.ws.send(text);
  });
  return { received, ack };
}

/**
 * Broadcast latency: `sets` timed sets one after another. A sender sends at most RATE_BURST - 1
 * and is then replaced by a fresh connection on the next field, so there are always
 * listeners + 1 sockets and no set waits on the limit. A sender's first set (it claims the
 * field, which also broadcasts presence) is not timed.
 */
async function latency(env, kind, listeners, sets) {
  const received = [];
  const ackMs = [];
  let sender = null;
  let sent = 0;
  let field = FIELDS[FIELDS.length - 1];
  for (let timed = 0; timed < sets; timed++) {
    if (!sender || sent >= RATE_BURST - 1) {
      if (sender) await close([sender]);
      field = FIELDS[(FIELDS.indexOf(field) + 1) % FIELDS.length];
      sender = await open(env, kind, `s${seq + 1}`);
      await oneSet(sender, listeners, field);
      sent = 1;
    }
    const one = await oneSet(sender, listeners, field);
    sent++;
    received.push(...one.received);
    ackMs.push(one.ack);
  }
  if (sender) await close([sender]);
  return { received, acks: ackMs };
}

/** Throughput: 4 fresh senders claim a field each (untimed), then send the rest of their burst at once: acks per second. */
async function throughput(env, kind, listeners) {
  const senders = await Promise.all(FIELDS.map(() => open(env, kind, `s${++seq}`)));
  for (const [k, sender] of senders.entries()) await oneSet(sender, listeners, FIELDS[k]);
  const each = RATE_BURST - 2;
  const numbers = senders.map(() => Array.from({ length: each }, () => ++seq));
  let started = 0;
  await until(senders.length * each, (done) => {
    for (const listener of listeners) listener.onMessage = null;
    for (const [k, sender] of senders.entries()) {
      const mine = new Set(numbers[k]);
      sender.onMessage = (data) => acks(data, mine) && done();
    }
    started = performance.now();
    for (let i = 0; i < each; i++) for (const [k, sender] of senders.entries()) sender.ws.send(frame(FIELDS[k], numbers[k][i]));
  });
  const ms = performance.now() - started;
  await close(senders);
  return ((senders.length * each) / ms) * 1000;
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === '/setup') {
      await env.DB.prepare('DELETE FROM pages').run();
      await env.DB.prepare("INSERT INTO pages (id, slug, title) VALUES (?1, 'bench', 'Bench page')").bind(PAGE_ID).run();
      return Response.json({ ok: true });
    }
    if (url.pathname === '/versions') {
      const row = await env.DB.prepare('SELECT count(*) AS n FROM pages_versions WHERE page_id = ?1').bind(PAGE_ID).first();
      return Response.json({ versions: row.n });
    }
    const kind = url.searchParams.get('kind');
    const n = Number(url.searchParams.get('n'));
    const sets = Number(url.searchParams.get('sets'));
    const bursts = Number(url.searchParams.get('bursts'));
    if (
      url.pathname !== '/case' ||
      (kind !== 'echo' && kind !== 'realtime') ||
      !(n >= 1 && n <= 200) ||
      !(sets >= 0 && sets <= 5000) ||
      !(bursts >= 0 && bursts <= 20)
    )
      return new Response('usage: /setup | /versions | /case?kind=echo|realtime&n=1..200&sets=0..5000&bursts=0..20', { status: 400 });
    failure = null;
    const listeners = await Promise.all(Array.from({ length: n }, (_, i) => open(env, kind, `l${i}`)));
    try {
      const { received, acks } = await latency(env, kind, listeners, sets);
      const rates = [];
      for (let b = 0; b < bursts; b++) rates.push(await throughput(env, kind, listeners));
      return Response.json({ received, acks, rates });
    } catch (error) {
      return new Response(String(error?.stack ?? error), { status: 500 });
    } finally {
      await close(listeners);
    }
  },
};
