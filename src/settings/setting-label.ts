/**
 * A label for a setting's key, for the settings panel: words split at
 * camelCase humps, underscores and dashes, the first capitalized.
 *
 * @example settingLabel('footerText') // 'Footer text'
 * @example settingLabel('social_links') // 'Social links'
 */
export function settingLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter((word) => word !== '')
    .map((word) => (/^[A-Z0-9]+$/.test(word) && word.length > 1 ? word : word.toLowerCase()));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
