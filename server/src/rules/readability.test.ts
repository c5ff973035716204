import { describe, expect, it } from 'vitest';
import { b1Problems, readability, sentencesOf, syllables } from './readability.js';

describe('Dutch readability (Flesch-Douma)', () => {
  it('counts Dutch syllables: a run of vowels is one, a trema starts another', () => {
    for (const [word, n] of [
      ['de', 1],
      ['leeuw', 1],
      ['nieuw', 1],
      ['draaien', 2],
      ['bestelling', 3],
      ['persoonsgegevens', 5],
      ['e-mailadres', 4],
      ['België', 3],
      ['beëindigen', 4],
      ['btw', 1],
      ['2026', 1],
    ] as const)
      expect(syllables(word), word).toBe(n);
  });

  it('splits sentences at their end, at line breaks and list items, not inside numbers', () => {
    expect(sentencesOf('U betaalt € 12,50. Klaar!\n# Kop\n- een punt;\n- nog een')).toEqual([
      'U betaalt € 12,50.',
      'Klaar!',
      'Kop',
      'een punt;',
      'nog een',
    ]);
  });

  it('scores plain text as easy and officialese as hard', () => {
    const plain = readability('U kiest een product. U betaalt met uw tegoed. De aanbieder neemt de bestelling aan.');
    expect(plain.readingEase).toBeGreaterThan(70);
    expect(plain.averageSentence).toBe(5);
    const hard = readability(
      'De grondslag voor de verwerking van persoonsgegevens is de uitvoering van een wettelijke taak van de gemeentelijke organisatie conform de toepasselijke regelgeving inzake gegevensbescherming.',
    );
    expect(hard.readingEase).toBeLessThan(40);
    expect(b1Problems('tekst', 'Zie artikel 6 AVG. U krijgt een JSON-bestand.')).toEqual([
      'tekst: de naam van een bestandsformaat (JSON): "JSON"',
      'tekst: een wetsartikel met nummer: "artikel 6"',
    ]);
  });
});
