import { PRODUCT_LIMITS } from '../rules/product.js';
import { CONTENT_PAGE_LIMITS } from '../rules/content-page.js';
import MarkdownIt from 'markdown-it';

/**
 * Product descriptions are Markdown written by providers and shown to everyone, so the rendering must never let a
 * provider inject markup or script. markdown-it with `html: false` escapes every raw HTML tag instead of passing it
 * through (safe by construction, not by after-the-fact sanitising), and its `validateLink` hook decides which link
 * targets may become an href: here only http(s), mailto and tel, plus site-relative paths. Everything else
 * (`javascript:`, `data:`, `vbscript:`, `file:`, protocol-relative `//host`) stays plain text. Images are switched off
 * (a provider uploads images; a remote image in a description would be a tracking pixel), and so are headings above
 * h3 (the page already has its h1 and h2). Rendering is cheap (tens of microseconds) and done on read, so a rule change
 * applies to every existing description at once.
 */
const md = new MarkdownIt('default', { html: false, linkify: true, typographer: false, breaks: false });
md.disable(['image', 'html_block', 'html_inline']);

const SAFE_LINK = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

md.validateLink = (url: string): boolean => {
  // Control characters and whitespace are stripped by browsers before the scheme is read ("java\tscript:").
  // eslint-disable-next-line no-control-regex -- the control characters are what is stripped
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  return SAFE_LINK.test(cleaned) && !/^(javascript|vbscript|data|file):/i.test(cleaned);
};

// Links open normally but never pass the page to the target and never pass on ranking.
const defaultLinkOpen =
  md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const href = String(token.attrGet('href') ?? '');
  if (/^https?:\/\//i.test(href)) token.attrSet('rel', 'nofollow noopener noreferrer ugc');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

// Headings: in a description # and ## become h3 so the page outline stays correct (the page has its h1 and h2); on a
// content page (`renderPageMarkdown`) the text follows the page's h1, so # becomes h2.
interface HeadingEnv {
  /** The level a `#` heading gets. */
  top?: number;
}
const headingLevel = (tag: string, env: HeadingEnv | undefined) => {
  const top = env?.top ?? 3;
  return Math.min(6, Math.max(top, Number(tag.slice(1)) + top - 1));
};
md.renderer.rules.heading_open = (tokens, idx, _options, env) =>
  `<h${headingLevel(tokens[idx]!.tag, env as HeadingEnv | undefined)}>`;
md.renderer.rules.heading_close = (tokens, idx, _options, env) =>
  `</h${headingLevel(tokens[idx]!.tag, env as HeadingEnv | undefined)}>\n`;

export const MAX_DESCRIPTION_LENGTH = PRODUCT_LIMITS.descriptionMax;

/** Markdown → HTML that is safe to put into a page as is. */
export function renderMarkdown(source: string): string {
  return md.render(source.slice(0, MAX_DESCRIPTION_LENGTH));
}

/**
 * A content page's Markdown (privacy, voorwaarden, hoe werkt het, toegankelijkheid) → safe HTML: the same rules as a
 * description (no raw HTML, only safe links, no remote images), with `#` as h2 under the page's own h1 (or as `top`
 * where the text sits deeper in a page: the terms inside the registration form).
 */
export function renderPageMarkdown(source: string, top = 2): string {
  return md.render(source.slice(0, CONTENT_PAGE_LIMITS.bodyMax), {
    top: Math.min(6, Math.max(2, Math.trunc(top))),
  } satisfies HeadingEnv);
}
