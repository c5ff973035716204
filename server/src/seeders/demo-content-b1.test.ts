import { describe, expect, it } from 'vitest';
import { b1Problems, readability } from '../rules/readability.js';
import { ACCESSIBILITY_INTRO, HOW_IT_WORKS, PRIVACY, TERMS_RESIDENTS } from './demo-content-pages.js';

// The demo's public pages for residents, at language level B1 (rules/readability.ts): what a municipality starts from.
describe('the demo content pages read at B1', () => {
  for (const [label, text] of [
    ['Privacyverklaring', PRIVACY],
    ['Hoe werkt het', HOW_IT_WORKS],
    ['Voorwaarden voor inwoners', TERMS_RESIDENTS],
    ['Toegankelijkheidsverklaring', ACCESSIBILITY_INTRO],
  ] as const) {
    it(label, () => {
      const r = readability(text);
      expect(
        b1Problems(label, text),
        `leesgemak ${r.readingEase.toFixed(1)}, ${r.averageSentence.toFixed(1)} woorden per zin`,
      ).toEqual([]);
    });
  }
});
