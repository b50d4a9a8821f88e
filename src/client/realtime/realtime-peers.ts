// Who else is on the page, in the edit bar: each other editor's name beside a
// dot of their colour (the name says it; the colour only matches the outline
// of the field they hold), and a line while the live session is down.
import type { Peer } from '../../realtime/protocol.ts';
import { el } from '../core/dom.ts';

/** Said while the socket is down: nothing is lost, saves go over HTTP as without the live session. */
export const OFFLINE = 'Live collaboration offline — your edits still save';

/**
 * The editors to list: every connection but this one, each editor once (two
 * tabs of one editor are one name; this editor's other tab does count).
 *
 * @example
 * othersOf(welcome.peers, welcome.you.sid).map((peer) => peer.name);
 */
export function othersOf(peers: readonly Peer[], you: string): Peer[] {
  const seen = new Map<string, Peer>();
  for (const peer of peers) if (peer.sid !== you && !seen.has(peer.id)) seen.set(peer.id, peer);
  return [...seen.values()];
}

/**
 * The presence element, a line of the bar just above its row of controls
 * (or nowhere, without a bar): never inside the row, which stays one line of
 * pill and buttons on a phone (and is rebuilt when the width changes).
 * Hidden while there is nobody else and the session is up. The offline
 * line is a polite live region filled a moment after the element shows, so
 * screen readers announce it (as the bar's notice does).
 */
export function presenceView(row: Element | null) {
  const heading = el('span', { id: 'louise-peers', textContent: 'Also on this page:' });
  const list = el('ul');
  list.setAttribute('aria-labelledby', heading.id);
  const peers = el('div', { className: 'lb-peers' }, heading, list);
  const offline = el('p', { className: 'lb-offline' });
  offline.setAttribute('role', 'status');
  const root = el('div', { className: 'lb-live', hidden: true }, peers, offline);
  row?.before(root);
  let announce: ReturnType<typeof setTimeout> | undefined;

  return {
    element: root,
    show(others: readonly Peer[], online: boolean) {
      list.replaceChildren(
        ...others.map((peer) => {
          const dot = el('span', { className: 'lb-dot', ariaHidden: 'true' });
          dot.style.setProperty('background', peer.color);
          return el('li', {}, dot, peer.name);
        }),
      );
      peers.hidden = others.length === 0;
      root.hidden = online && others.length === 0;
      clearTimeout(announce);
      if (online) offline.textContent = '';
      else if (offline.textContent !== OFFLINE) announce = setTimeout(() => (offline.textContent = OFFLINE), 100);
    },
    remove() {
      clearTimeout(announce);
      root.remove();
    },
  };
}
