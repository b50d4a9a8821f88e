// The edit-mode client entry. It only ever loads in edit-mode HTML (see
// EditMode.astro). Inline editing (mountCms) builds on this entry.

interface SessionInfo {
  email: string;
  name: string;
  access: { publish: boolean };
}

const island = document.getElementById('louise-session');
const session = island?.textContent ? (JSON.parse(island.textContent) as SessionInfo) : null;

if (session) {
  document.documentElement.dataset.louiseEditing = '';
  document.dispatchEvent(new CustomEvent('louise:ready', { detail: session }));
}
