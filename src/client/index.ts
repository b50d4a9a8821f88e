export { mountCms, type CmsHandle } from './mount-cms.ts';
export type { MountOptions } from './options.ts';
export { parseMarker, type Marker } from './marker.ts';
export { $status, type Status } from './status.ts';
