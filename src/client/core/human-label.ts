/**
 * A field's name as an editor reads it, when the template gave no
 * `data-cms-label`: `summary` → "Summary", `heroImage` and `hero_image` →
 * "Hero image". Editors never see a storage key.
 *
 * @example
 * el.dataset.cmsLabel ?? humanLabel('heroImage'); // 'Hero image'
 */
export function humanLabel(key: string): string {
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}
