import { describe, expect, it } from 'vitest';
import { applyFormat, type MarkdownFormat, type TextSelection } from './markdownFormat';

/** Text with the selection marked as [[…]]. */
function sel(marked: string): TextSelection {
  const start = marked.indexOf('[[');
  const end = marked.indexOf(']]') - 2;
  return { value: marked.replace('[[', '').replace(']]', ''), start, end };
}
function show({ value, start, end }: TextSelection): string {
  return value.slice(0, start) + '[[' + value.slice(start, end) + ']]' + value.slice(end);
}
const apply = (marked: string, format: MarkdownFormat) => show(applyFormat(sel(marked), format));

describe('the description toolbar', () => {
  it('makes the selection bold or italic, and undoes it on a second press', () => {
    expect(apply('Tien [[lessen]] tennis', 'bold')).toBe('Tien **[[lessen]]** tennis');
    expect(apply('Tien **[[lessen]]** tennis', 'bold')).toBe('Tien [[lessen]] tennis');
    expect(apply('Tien [[lessen]] tennis', 'italic')).toBe('Tien *[[lessen]]* tennis');
    expect(apply('Tien *[[lessen]]* tennis', 'italic')).toBe('Tien [[lessen]] tennis');
    // Italic inside bold is added, not mistaken for undoing.
    expect(apply('**[[vet]]**', 'italic')).toBe('***[[vet]]***');
  });

  it('keeps spaces outside the markers and inserts a selected placeholder when nothing is selected', () => {
    expect(apply('Tien [[lessen ]]tennis', 'bold')).toBe('Tien **[[lessen]]** tennis');
    expect(apply('Tekst [[]]', 'bold')).toBe('Tekst **[[vetgedrukte tekst]]**');
  });

  it('turns the selected lines into a bulleted or numbered list on their own block, and back', () => {
    expect(apply('Inleiding\n[[gravel\nrackets]]\nSlot', 'bulletList')).toBe(
      'Inleiding\n\n[[- gravel\n- rackets]]\n\nSlot',
    );
    expect(apply('[[- gravel\n- rackets]]', 'bulletList')).toBe('[[gravel\nrackets]]');
    expect(apply('[[aanmelden\nspelen\nafrekenen]]', 'numberedList')).toBe('[[1. aanmelden\n2. spelen\n3. afrekenen]]');
    // A bulleted list becomes a numbered one.
    expect(apply('[[- a\n- b]]', 'numberedList')).toBe('[[1. a\n2. b]]');
    // The cursor in a line: that line.
    expect(apply('eerste\ntw[[]]eede', 'bulletList')).toBe('eerste\n\n[[- tweede]]');
    expect(apply('Tekst\n[[]]', 'bulletList')).toBe('Tekst\n\n- [[punt]]');
  });

  it('makes a heading of the line (rendered below the page’s own headings)', () => {
    expect(apply('[[Wat u krijgt]]\nTien lessen', 'heading')).toBe('[[# Wat u krijgt]]\n\nTien lessen');
    expect(apply('[[# Wat u krijgt]]', 'heading')).toBe('[[Wat u krijgt]]');
  });

  it('makes a link of the selected text with the address selected, or of a selected address', () => {
    expect(apply('Zie [[onze website]].', 'link')).toBe('Zie [onze website]([[https://]]).');
    expect(apply('Zie [[https://club.nl]].', 'link')).toBe('Zie [[[tekst van de link]]](https://club.nl).');
    expect(apply('[[]]', 'link')).toBe('[tekst van de link]([[https://]])');
  });
});
