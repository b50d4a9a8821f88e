/**
 * What an editor clicks where an image field is empty: a light 16:9 frame
 * reading "Add image". `cmsImage` renders it (marked `data-cms-empty`) and the
 * image field shows it again when its image is removed.
 */
export const EMPTY_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900"><rect width="1600" height="900" fill="#e4e4e7"/><text x="800" y="470" font-family="system-ui,sans-serif" font-size="64" text-anchor="middle" fill="#3f3f46">Add image</text></svg>',
)}`;
