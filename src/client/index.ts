// `louise/client`: the edit-mode client, one folder per chunk it ships
// (lib/editor/.vite/manifest.json lists them; tests/site/size-budget.test.ts
// gives each its budget):
//   core/           editor.js: mounting, units, transport, save queue, the edit bar
//   fields/         the field editors (plain, image, link, rich's first focus)
//   fields/rich/    the rich-text chunk: Lexical, its nodes, the image tools
//   panels/         the panels' shared frame and the doors that load them;
//                   panels/<name>/ each panel (media, settings, inbox, search
//                   and the choices' conflict view are chunks; the choices
//                   list, history and notice are in the core)
//   realtime/       the live session's chunk
//   sections/       the sections editor's chunk
//   forms/          `louise/client/forms`, the visitor's form helper (no editor code)
export { mountCms, type CmsHandle } from './core/mount-cms.ts';
export type { MountOptions } from './core/options.ts';
export type { MarkdownSource } from '../drafts/wire.ts';
export { parseMarker, type Marker } from './core/marker.ts';
export { $status, type Status } from './core/status.ts';
