import { describe, expect, it } from 'vitest';
import { HOW_IT_WORKS } from './demo-content-pages.js';
import { DEMO_MUNICIPALITY_CONTACTS } from './demo-data.js';

describe('the demo’s "hoe werkt het" text promises only what the product does', () => {
  it('offers log-in with DigiD only (there is no log-in with the card number)', () => {
    expect(HOW_IT_WORKS).toContain('Log in met DigiD.');
    expect(HOW_IT_WORKS).not.toMatch(/pasnummer|kaartnummer|klantnummer/i);
  });

  it('names the phone numbers of the demo municipalities, and no other', () => {
    const phones = Object.values(DEMO_MUNICIPALITY_CONTACTS).map((c) => c.phone);
    for (const phone of phones) expect(HOW_IT_WORKS).toContain(`**${phone}**`);
    const named = [...HOW_IT_WORKS.matchAll(/\b14 0\d{2,3}\b/g)].map((m) => m[0]);
    expect(named.sort()).toEqual([...phones].sort());
  });
});
