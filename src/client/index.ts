export { mountCms, type CmsHandle } from './core/mount-cms.ts';
export type { MountOptions } from './core/options.ts';
export { parseMarker, type Marker } from './core/marker.ts';
export { $status, type Status } from './core/status.ts';
