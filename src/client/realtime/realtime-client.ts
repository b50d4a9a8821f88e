// The live session of the page's drafts document (issue 13), in its own chunk:
// mountCms imports it once the editors are ready and the site runs the
// realtime object. It shows who else is on the page, locks the fields they
// hold, saves through the socket while it is open, and shows the others'
// changes as they type. With the socket down everything is as without it.
import { fieldRev } from '../../content/field-rev.ts';
import { type ClientMessage, LIVE_HEADER, PROTOCOL_VERSION, readMessage, ServerMessageSchema, type Peer } from '../../realtime/protocol.ts';
import type { DocRevs } from '../core/doc-revs.ts';
import { releaseJoining } from '../core/join-hold.ts';
import { heldByOthers, markPart, sayHolder } from './realtime-locks.ts';
import { othersOf, presenceView } from './realtime-peers.ts';
import { encodeFrame, liveSaves } from './realtime-saves.ts';
import { liveSocket } from './realtime-socket.ts';
import { REALTIME_CSS } from './realtime-styles.ts';
import { same } from '../core/same-value.ts';
import { $status } from '../core/status.ts';
import { throttle } from './throttle.ts';
import type { SaveTarget, Transport } from '../core/transport.ts';
import { docOf, showValue, type Unit } from '../core/units.ts';

/** Live typing sends the field at most this often (the queue's own save still follows the idle pause). */
export const TYPING_MS = 250;
/** The fields wait this long at most for the welcome before they take typing anyway (their saves are still checked). */
export const JOIN_WAIT_MS = 5000;

/** What `joinLive` returns. */
export interface LiveSession {
  /** Leaves the session: the socket closes for good, saves go over HTTP, locks and the bar's presence go. */
  leave(): void;
}

/**
 * Joins the live session of `target`'s document at
 * `ws(s)://<host><apiBase>/<collection>/<key>/live`, for every unit of that
 * document: claims the field in focus, locks the fields others hold, sends
 * saves (and typing) as `set`s while the socket is open, takes the others'
 * changes into fields not being edited here, and keeps the queues' `$base`
 * current for the HTTP saves. The state is on the bar's presence element as
 * `data-state` (`connecting`, `online`, `offline`).
 *
 * @example
 * const live = await joinLive(draftsDoc, units, transport, '/api/cms', revs);
 */
export async function joinLive(target: SaveTarget, units: Map<string, Unit>, transport: Transport, apiBase: string, revs: DocRevs): Promise<LiveSession> {
  const doc = docOf(target);
  // The fields mountCms held until the welcome: a session that never answers never keeps them from being edited.
  const wait = setTimeout(releaseJoining, JOIN_WAIT_MS);
  // Sections lists and block fields save over HTTP only: their ids and structure merge there.
  const mine = [...units.values()].filter((unit) => !unit.target.live && !unit.sections && docOf(unit.target) === doc);
  // The queues take the rendered revisions when these land; a later `saved` must not be overwritten by them.
  await revs.get(doc);
  const byField = new Map(mine.map((unit) => [unit.target.field, unit]));
  const targets = new Set(mine.map((unit) => unit.target));
  const style = document.createElement('style');
  style.textContent = REALTIME_CSS;
  document.head.append(style);
  const view = presenceView(document.querySelector('#louise-bar .lb-row'));

  let you: string | null = null;
  // The newest connection's id, kept after it closes: HTTP saves name it, so the page's own changes in the session are no conflict.
  let sid: string | undefined;
  let peers: Peer[] = [];
  let state: 'connecting' | 'online' | 'offline' = 'connecting';
  let claimed: string | null = null;

  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${apiBase}/${encodeURIComponent(target.collection)}/${encodeURIComponent(target.key)}/live`;
  const saves = liveSaves({
    send: (frame) => socket.send(frame),
    onTimeout: () => socket.restart(),
  });
  const socket = liveSocket({
    url,
    onMessage: (data) => receive(data),
    onOpen(open) {
      if (open) return;
      you = null;
      claimed = null;
      state = 'offline';
      saves.down();
      // Offline the fields save over HTTP, checked against their revisions as without the session.
      releaseJoining();
      render();
    },
  });
  const send = (message: ClientMessage) => {
    const frame = encodeFrame(message);
    return frame !== null && socket.send(frame);
  };

  const http = transport.save;
  transport.save = (t, value, base, keepalive = false, headers) =>
    targets.has(t)
      ? saves.save(t.field, value, keepalive, () => http(t, value, base, keepalive, sid === undefined ? headers : { ...headers, [LIVE_HEADER]: sid }), base)
      : http(t, value, base, keepalive, headers);

  const editing = (unit: Unit) => unit.parts.some((part) => part.el.contains(document.activeElement));
  const claim = (field: string | null) => {
    if (claimed && claimed !== field) send({ v: PROTOCOL_VERSION, type: 'release', field: claimed });
    if (field && field !== claimed) send({ v: PROTOCOL_VERSION, type: 'claim', field });
    claimed = field;
  };
  const block = (event: Event) => {
    const el = event.currentTarget as HTMLElement;
    const locked = el.hasAttribute('data-cms-locked') || el.hasAttribute('data-cms-joining');
    if (!locked || (event instanceof KeyboardEvent && event.key !== 'Enter' && event.key !== ' ')) return;
    const unit = mine.find((one) => one.parts.some((part) => part.el === el));
    if (unit) sayHolder(el, unit.label);
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  for (const unit of mine) {
    for (const { el } of unit.parts) {
      el.addEventListener('focusin', () => (el.hasAttribute('data-cms-locked') ? sayHolder(el, unit.label) : claim(unit.target.field)));
      el.addEventListener('focusout', (event) => {
        const to = event.relatedTarget;
        if (!(to instanceof Node && unit.parts.some((part) => part.el.contains(to))) && claimed === unit.target.field) claim(null);
      });
      // Before the field's own handlers (an image opens the media panel on click, Enter and Space).
      el.addEventListener('click', block, true);
      el.addEventListener('keydown', block, true);
    }
    // Every edit the queue hears of (typing, a rich-text command, a picked image; Lexical swallows most `input` events).
    const queue = unit.queue;
    if (!queue) continue;
    const typed = throttle(() => saves.cast(unit.target.field, queue.value, queue.base), TYPING_MS);
    const edit = queue.edit;
    queue.edit = (next) => {
      edit(next);
      typed();
    };
  }

  /**
   * A value the session accepted (another tab's or editor's), shown with its revision, the base of this tab's next
   * change; unless this field is being edited here or has unsaved work: that keeps its older base, so when it is sent
   * the session answers with a conflict (both values), never lets it replace what this tab did not show.
   */
  const take = (field: string, value: unknown, rev: string | undefined) => {
    const unit = byField.get(field);
    const queue = unit?.queue;
    if (!unit || !queue || editing(unit) || queue.state.dirty || queue.state.saving) return;
    if (!same(value, queue.value)) {
      showValue(unit, value);
      queue.adopt(value);
    }
    if (rev !== undefined) queue.setBase(rev);
  };

  function render() {
    const held = you === null ? new Map<string, Peer>() : heldByOthers(peers, you);
    for (const unit of mine) for (const part of unit.parts) markPart(part, held.get(unit.target.field));
    view.show(you === null ? [] : othersOf(peers, you), state !== 'offline');
    view.element.dataset.state = state;
  }

  function receive(data: unknown) {
    if (typeof data !== 'string') return;
    const read = readMessage(ServerMessageSchema, data);
    if (!read.ok) return;
    const message = read.message;
    switch (message.type) {
      case 'welcome':
        sid = you = message.you.sid;
        peers = message.peers;
        state = 'online';
        socket.welcomed(Math.max(1000, message.heartbeatMs), JSON.stringify({ v: PROTOCOL_VERSION, type: 'ping' }));
        for (const [field, value] of Object.entries({ ...message.written, ...message.pending })) take(field, value, message.revs[field]);
        releaseJoining();
        // A claim does not outlive its socket: claim the field in focus again.
        claimed = null;
        claim(mine.find(editing)?.target.field ?? null);
        break;
      case 'presence':
        peers = message.peers;
        break;
      case 'ack': {
        // The object holds this value now (typing included): the field's next save builds on it, over HTTP too
        // and after a reconnect, when the object no longer knows the sender.
        const field = saves.answer(message);
        if (field !== undefined) byField.get(field)?.queue?.setBase(message.rev);
        return;
      }
      case 'refused':
        saves.answer(message);
        return;
      case 'update':
        take(message.field, message.value, message.rev);
        return;
      case 'saved':
        // The new base of a field that holds what was written; one that does not (a change this tab did not show,
        // typed over here) keeps its older base, so its next save is answered with a conflict instead of replacing it.
        for (const unit of mine) {
          const rev = message.revs[unit.target.field];
          if (rev !== undefined && unit.queue && fieldRev(unit.queue.saved ?? null) === rev) unit.queue.setBase(rev);
        }
        return;
      case 'failed': {
        const names = message.fields.map((field) => byField.get(field)?.label ?? field).join(', ');
        $status.set({ tone: 'problem', text: `Changes to ${names} are not stored in a draft yet (${message.message}). They are kept and tried again.` });
        return;
      }
    }
    render();
  }
  render();

  return {
    leave() {
      clearTimeout(wait);
      releaseJoining();
      socket.stop();
      transport.save = http;
      view.remove();
      style.remove();
    },
  };
}
