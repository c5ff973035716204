export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** The simple pages' stylesheet: a file of its own, so the Content-Security-Policy needs no inline style. */
export const SIMPLE_PAGE_STYLESHEET = '/api/static/simple-page.css';

export const SIMPLE_PAGE_CSS = `body { font-family: system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #fff; line-height: 1.5; }
header { background: #00457a; color: #fff; padding: 1rem 1.5rem; }
header p { margin: 0; font-weight: 700; }
main { max-width: 42rem; margin: 0 auto; padding: 1.5rem; }
.notice { background: #fff4d6; border-left: 4px solid #8a5a00; padding: .75rem 1rem; }
.error { color: #a4001c; font-weight: 700; }
.muted { color: #4a4a4a; }
.choices { list-style: none; padding: 0; }
.choices li { margin: .25rem 0; }
fieldset { border: 1px solid #767676; padding: 1rem; }
input[type=text], input:not([type]) { font: inherit; padding: .5rem; border: 1px solid #545454; border-radius: 4px; }
button { font: inherit; padding: .6rem 1.2rem; border-radius: 4px; border: 2px solid #00457a; background: #00457a; color: #fff; cursor: pointer; }
button.secondary { background: #fff; color: #00457a; }
:focus-visible { outline: 3px solid #e17000; outline-offset: 2px; }
`;

/**
 * A small, accessible server-rendered page (used by simulators, which must work without the client bundle).
 * No inline script or style: the application's Content-Security-Policy applies (security-headers.ts).
 */
export function simplePage(title: string, body: string, options: { header?: string } = {}): string {
  return `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Gemeentewinkel</title>
<link rel="stylesheet" href="${SIMPLE_PAGE_STYLESHEET}">
</head>
<body>
<header><p>${escapeHtml(options.header ?? 'DigiD — simulator')}</p></header>
<main id="inhoud">
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}
