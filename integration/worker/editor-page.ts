/** Text made safe for HTML content and quoted attribute values (`& < > " '` as numeric references). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A whole page Louise answers itself to an editor (the sign-in page, the
 * database problem page): never indexed, one inline style; `body` is HTML
 * the caller escaped.
 */
export function editorPageHtml(page: { title: string; style: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${page.title}</title>
<style>${page.style}</style>
</head>
<body>
${page.body}
</body>
</html>`;
}
