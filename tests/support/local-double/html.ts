/** Text put into HTML: everything that came from a request or the API is escaped. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * The frame of the doubles' test pages: one plain, accessible document, no scripts. `accent`
 * is the button colour, so a tester sees at a glance whose page stands in.
 */
export function page(title: string, body: string, accent = '#635bff'): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
  body { margin: 0; padding: 2rem 1rem; }
  main { max-width: 28rem; margin: 0 auto; }
  .badge { display: inline-block; padding: 0 .5rem; border-radius: .25rem; background: #ffde92; color: #5c3b00; font-size: .85rem; font-weight: 600; }
  table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
  caption { text-align: left; }
  th, td { text-align: left; padding: .35rem 0; border-bottom: 1px solid #8884; }
  td.amount, th.amount { text-align: right; }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { box-sizing: border-box; width: 100%; font: inherit; padding: .5rem; margin-top: .25rem; }
  input[type="checkbox"] { width: auto; margin-right: .5rem; }
  label.check { font-weight: normal; }
  .hint { font-size: .85rem; opacity: .8; }
  .error { color: #b3261e; font-weight: 600; margin-top: .25rem; }
  button { margin-top: 1.5rem; width: 100%; font: inherit; font-weight: 600; padding: .65rem; border: 0; border-radius: .35rem; background: ${accent}; color: #fff; cursor: pointer; }
  .row { display: flex; gap: 1rem; }
  .row > div { flex: 1; }
  .cancel { display: inline-block; margin-top: 1rem; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}
