import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs/*.md: every relative link leads to a file of the repository, and a link with an anchor
 * (`security.md#scope`, `#timing`) to a heading of that file, with GitHub's anchors. External links are not followed.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const markdown = new MarkdownIt();

const documents = [
  join(root, 'README.md'),
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(root, 'docs', name)),
];

/** GitHub's anchor of a heading: lower case, punctuation removed, spaces as hyphens; a repeated one gets -1, -2, …. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const tokens = markdown.parse(readFileSync(file, 'utf8'), {});
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    const text = (tokens[i + 1]?.children ?? [])
      .filter((child) => child.type === 'text' || child.type === 'code_inline')
      .map((child) => child.content)
      .join('');
    const base = text
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  });
  return anchors;
}

/** Every link target in a Markdown file (inline links, not code spans or fenced code). */
function linksOf(file: string): string[] {
  const links: string[] = [];
  const walk = (tokens: ReturnType<typeof markdown.parse>) => {
    for (const token of tokens) {
      if (token.type === 'link_open') links.push(String(token.attrGet('href') ?? ''));
      if (token.children) walk(token.children);
    }
  };
  walk(markdown.parse(readFileSync(file, 'utf8'), {}));
  return links;
}

describe('the README and docs/', () => {
  it('finds the documents and their links', () => {
    expect(documents.length).toBeGreaterThan(5);
    expect(linksOf(join(root, 'README.md')).length).toBeGreaterThan(10);
  });

  it.each(documents.map((file) => [relative(root, file), file]))('%s: every relative link exists', (_name, file) => {
    const broken: string[] = [];
    for (const href of linksOf(file)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue; // https:, mailto:, …
      const [path, anchor] = href.split('#') as [string, string | undefined];
      const target = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
      if (!target.startsWith(root) || !existsSync(target)) {
        broken.push(`${href}: no such file`);
        continue;
      }
      if (anchor !== undefined && statSync(target).isFile() && target.endsWith('.md')) {
        if (!anchorsOf(target).has(decodeURIComponent(anchor))) broken.push(`${href}: no such heading`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('keeps the README a newcomer’s page', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
    // The two commands come first.
    expect(readme.indexOf('npm install')).toBeLessThan(readme.indexOf('npm test'));
    expect(readme).toContain('npm start');
  });
});
