/**
 * The formatting toolbar of the product description: each button changes the Markdown text around the selection,
 * so a provider formats with buttons and never needs to know Markdown. Pure functions of (text, selection) → (text,
 * selection), so they are tested without a browser.
 */

export type MarkdownFormat = 'bold' | 'italic' | 'bulletList' | 'numberedList' | 'link' | 'heading';

export interface TextSelection {
  value: string;
  start: number;
  end: number;
}

/** Placeholder text inserted when nothing is selected; it ends up selected, so typing replaces it. */
export const PLACEHOLDER: Record<'bold' | 'italic' | 'link' | 'heading' | 'list', string> = {
  bold: 'vetgedrukte tekst',
  italic: 'schuingedrukte tekst',
  link: 'tekst van de link',
  heading: 'Tussenkop',
  list: 'punt',
};

/** The address typed in a new link, selected so the provider can paste the real one. */
export const LINK_PLACEHOLDER = 'https://';

function wrap({ value, start, end }: TextSelection, marker: string, placeholder: string): TextSelection {
  const selected = value.slice(start, end);
  // Already wrapped (the markers just outside the selection): unwrap.
  if (
    selected &&
    value.slice(start - marker.length, start) === marker &&
    value.slice(end, end + marker.length) === marker &&
    // `*` inside `**`: only when the marker is not part of a longer one.
    (marker !== '*' || (value[start - 2] !== '*' && value[end + 1] !== '*'))
  ) {
    return {
      value: value.slice(0, start - marker.length) + selected + value.slice(end + marker.length),
      start: start - marker.length,
      end: end - marker.length,
    };
  }
  // Spaces at the edges of the selection stay outside the markers ("**vet **" is not bold in Markdown).
  const lead = selected.length - selected.trimStart().length;
  const trail = selected.length - selected.trimEnd().length;
  const inner = selected.trim() || placeholder;
  const from = start + lead;
  const before = value.slice(0, from);
  const after = value.slice(end - trail);
  return {
    value: before + marker + inner + marker + after,
    start: from + marker.length,
    end: from + marker.length + inner.length,
  };
}

/** The whole lines the selection touches. */
function lineRange(value: string, start: number, end: number): [number, number] {
  const from = value.lastIndexOf('\n', start - 1) + 1;
  // A selection that ends just after a line break does not include the next line.
  const last = end > start && value[end - 1] === '\n' ? end - 1 : end;
  const nl = value.indexOf('\n', last);
  return [from, nl === -1 ? value.length : nl];
}

const BULLET = /^\s*[-*+]\s+/;
const NUMBER = /^\s*\d+[.)]\s+/;
const HEADING = /^#{1,6}\s+/;

function prefixLines(
  { value, start, end }: TextSelection,
  pattern: RegExp,
  prefix: (index: number) => string,
  placeholder: string,
): TextSelection {
  const [from, to] = lineRange(value, start, end);
  const lines = value.slice(from, to).split('\n');
  const all = lines.every((l) => l.trim() === '' || pattern.test(l)) && lines.some((l) => pattern.test(l));
  let n = 0;
  const changed = lines.map((line) => {
    if (all) return line.replace(pattern, '');
    if (line.trim() === '' && lines.length > 1) return line;
    const bare = line.replace(BULLET, '').replace(NUMBER, '').replace(HEADING, '');
    return prefix(n++) + (bare.trim() === '' ? placeholder : bare);
  });
  let block = changed.join('\n');
  let before = value.slice(0, from);
  let after = value.slice(to);
  // A list or heading needs an empty line before and after it to be one in Markdown.
  if (!all) {
    if (before && !before.endsWith('\n\n')) before += before.endsWith('\n') ? '\n' : '\n\n';
    if (after && !after.startsWith('\n\n')) after = (after.startsWith('\n') ? '\n' : '\n\n') + after;
  }
  // A single placeholder line: select the placeholder so typing replaces it.
  const onlyPlaceholder = !all && lines.length === 1 && lines[0]!.replace(pattern, '').trim() === '';
  if (onlyPlaceholder) {
    const startOfText = before.length + prefix(0).length;
    return { value: before + block + after, start: startOfText, end: startOfText + placeholder.length };
  }
  block = block || '';
  return { value: before + block + after, start: before.length, end: before.length + block.length };
}

/** Applies one toolbar action to the text and its selection. */
export function applyFormat(selection: TextSelection, format: MarkdownFormat): TextSelection {
  switch (format) {
    case 'bold':
      return wrap(selection, '**', PLACEHOLDER.bold);
    case 'italic':
      return wrap(selection, '*', PLACEHOLDER.italic);
    case 'bulletList':
      return prefixLines(selection, BULLET, () => '- ', PLACEHOLDER.list);
    case 'numberedList':
      return prefixLines(selection, NUMBER, (i) => `${i + 1}. `, PLACEHOLDER.list);
    case 'heading':
      // `#` renders as the level below the page's own headings (see server markdown.ts).
      return prefixLines(selection, HEADING, () => '# ', PLACEHOLDER.heading);
    case 'link': {
      const { value, start, end } = selection;
      const selected = value.slice(start, end).trim();
      if (/^(https?:\/\/|mailto:)\S+$/i.test(selected)) {
        const text = PLACEHOLDER.link;
        const inserted = `[${text}](${selected})`;
        return {
          value: value.slice(0, start) + inserted + value.slice(end),
          start: start + 1,
          end: start + 1 + text.length,
        };
      }
      const text = selected || PLACEHOLDER.link;
      const inserted = `[${text}](${LINK_PLACEHOLDER})`;
      const urlStart = start + text.length + 3;
      return {
        value: value.slice(0, start) + inserted + value.slice(end),
        start: urlStart,
        end: urlStart + LINK_PLACEHOLDER.length,
      };
    }
  }
}
