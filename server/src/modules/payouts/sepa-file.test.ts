import { describe, expect, it } from 'vitest';
import { validatePain001 } from '../../test/sepa-xsd.js';
import { ManualClock, today } from '../../kernel/clock.js';
import { amsterdamDateTime } from '../../kernel/dates.js';
import { isTargetBankingDay, nextTargetBankingDay } from './banking-days.js';
import { needsDebtorAddress, sepaCreditTransfer, sepaText } from './sepa-file.js';
import type { DebtorAccount } from '../settings/sections/payments.js';

/**
 * The payout file's texts, times and dates: every letter kept (transliterated to the EPC character set), the creation
 * time in Dutch time with its offset, the execution date the next TARGET2 banking day in the Netherlands, and the
 * debtor's structured address; each file valid against the official pain.001.001.03 and .09 schemas. Every moment is
 * set on a clock, never today's.
 */

const VERSIONS = ['pain.001.001.09', 'pain.001.001.03'] as const;

const DEBTOR: DebtorAccount = {
  name: 'Gemeente Ĳsselmonde',
  iban: 'NL91ABNA0417164300',
  bic: 'ABNANL2A',
  address: {
    street: 'Straße der Æbtissin',
    houseNumber: '12a',
    postcode: '2901 AB',
    town: 'Ĳsselmonde',
    country: 'NL',
  },
};

/** A file made on `clock` as the export makes it: created now, executed on the next banking day after today. */
function fileAt(
  clock: ManualClock,
  version: (typeof VERSIONS)[number],
  overrides: { creditorName?: string; debtor?: DebtorAccount } = {},
) {
  return sepaCreditTransfer({
    version,
    messageId: 'U1001-20261128003000',
    createdAt: clock.now(),
    executionDate: nextTargetBankingDay(today(clock)),
    initiatorName: 'Gemeente Ĳsselmonde',
    debtor: overrides.debtor ?? DEBTOR,
    transfers: [
      {
        endToEndId: 'U1001-001',
        creditorName: overrides.creditorName ?? 'Łódź Œuvre Ørsted Café',
        creditorIban: 'NL02ABNA0123456789',
        amountCents: 12_345,
        remittanceInfo: 'U1001-001 B100001 Zoë’s “zwemles” € 5',
      },
    ],
  });
}

const element = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]);

describe('SEPA texts', () => {
  it('transliterates every letter to the EPC character set instead of dropping it', () => {
    expect(sepaText('Ĳsselmonde', 70)).toBe('IJsselmonde');
    expect(sepaText('ĳsbaan', 70)).toBe('ijsbaan');
    expect(sepaText('Straße', 70)).toBe('Strasse');
    expect(sepaText('Ørsted Øst', 70)).toBe('Orsted Ost');
    expect(sepaText('Æbeltoft', 70)).toBe('AEbeltoft');
    expect(sepaText('Œuvre', 70)).toBe('OEuvre');
    expect(sepaText('Łódź', 70)).toBe('Lodz');
    expect(sepaText('Café Zoë', 70)).toBe('Cafe Zoe');
    expect(sepaText('Curaçao naïef Müller', 70)).toBe('Curacao naief Muller');
    expect(sepaText('’s-Hertogenbosch', 70)).toBe("'s-Hertogenbosch");
  });

  it('writes € as EUR, & as +, drops what has no Latin form (emoji) and keeps within the length', () => {
    expect(sepaText('Les € 12,50', 70)).toBe('Les EUR 12,50');
    expect(sepaText('Jansen & Zn', 70)).toBe('Jansen + Zn');
    expect(sepaText('Voetbal ⚽ club 🎉 Oost', 70)).toBe('Voetbal club Oost');
    expect(sepaText('Sport"#;@_*<>Hal', 70)).toBe("Sport' Hal");
    expect(sepaText('🎉', 70)).toBe('-');
    expect(sepaText('Ĳsselmonde'.repeat(10), 70)).toHaveLength(70);
    for (const s of ['Ĳ ß Ø Æ Œ Ł é ë € 🎉 & " ; # @ _ * < > \t ¿ ¡ § ° ² ½ ×', 'Ærø Ĳmuiden Þór Ðáni']) {
      expect(sepaText(s, 140)).toMatch(/^[A-Za-z0-9/\-?:().,'+ ]+$/);
    }
  });
});

describe('the TARGET2 banking calendar', () => {
  it('is closed on weekends, 1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December', () => {
    for (const closed of [
      '2026-11-28', // Saturday
      '2026-11-29', // Sunday
      '2027-01-01',
      '2026-04-03', // Good Friday 2026 (Easter 5 April)
      '2026-04-06', // Easter Monday 2026
      '2027-03-26', // Good Friday 2027 (Easter 28 March)
      '2027-03-29',
      '2026-05-01',
      '2026-12-25',
      '2026-12-26',
    ])
      expect(isTargetBankingDay(closed), closed).toBe(false);
    // Open on Dutch holidays that are not TARGET2 holidays: King's Day, Ascension, Whit Monday; and on 31 December.
    for (const open of ['2026-04-27', '2026-05-14', '2026-05-25', '2026-12-31', '2026-11-30'])
      expect(isTargetBankingDay(open), open).toBe(true);
  });

  it('asks for the first banking day after the day of the export', () => {
    expect(nextTargetBankingDay('2026-11-27')).toBe('2026-11-30'); // Friday → Monday
    expect(nextTargetBankingDay('2026-11-28')).toBe('2026-11-30'); // Saturday → Monday
    expect(nextTargetBankingDay('2025-12-31')).toBe('2026-01-02'); // over New Year's Day
    expect(nextTargetBankingDay('2026-12-31')).toBe('2027-01-04'); // 2 and 3 January 2027 are a weekend
    expect(nextTargetBankingDay('2026-12-24')).toBe('2026-12-28'); // over Christmas and the weekend
    expect(nextTargetBankingDay('2026-04-02')).toBe('2026-04-07'); // over Good Friday, the weekend and Easter Monday
    expect(nextTargetBankingDay('2026-04-30')).toBe('2026-05-04'); // over 1 May and the weekend
  });
});

describe('the SEPA credit-transfer file', () => {
  it('keeps every letter of the debtor, the creditor, the address and the remittance, valid in both versions', async () => {
    const clock = new ManualClock(new Date('2026-11-25T10:00:00Z'));
    for (const version of VERSIONS) {
      const xml = fileAt(clock, version);
      expect(await validatePain001(xml, version), version).toEqual({ valid: true, errors: [] });
      expect(element(xml, 'Nm')).toEqual(['Gemeente IJsselmonde', 'Gemeente IJsselmonde', 'Lodz OEuvre Orsted Cafe']);
      expect(element(xml, 'Ustrd')).toEqual(["U1001-001 B100001 Zoe's 'zwemles' EUR 5"]);
      expect(xml).toContain(
        '<Dbtr><Nm>Gemeente IJsselmonde</Nm><PstlAdr><StrtNm>Strasse der AEbtissin</StrtNm><BldgNb>12a</BldgNb>' +
          '<PstCd>2901 AB</PstCd><TwnNm>IJsselmonde</TwnNm><Ctry>NL</Ctry></PstlAdr></Dbtr>',
      );
    }
  });

  it('at 23:30 UTC on a Friday (00:30 on Saturday in Amsterdam) says so with its offset and asks for Monday', async () => {
    const clock = new ManualClock(new Date('2026-11-27T23:30:00Z'));
    for (const version of VERSIONS) {
      const xml = fileAt(clock, version);
      expect(await validatePain001(xml, version), version).toEqual({ valid: true, errors: [] });
      expect(element(xml, 'CreDtTm')).toEqual(['2026-11-28T00:30:00+01:00']);
      expect(xml).toMatch(
        version === 'pain.001.001.09'
          ? /<ReqdExctnDt><Dt>2026-11-30<\/Dt><\/ReqdExctnDt>/
          : /<ReqdExctnDt>2026-11-30<\/ReqdExctnDt>/,
      );
    }
  });

  it('on 31 December asks for 2 January; in summer the offset is +02:00, in winter +01:00', async () => {
    const newYearsEve = new ManualClock(new Date('2025-12-31T15:00:00Z'));
    let xml = fileAt(newYearsEve, 'pain.001.001.09');
    expect(element(xml, 'CreDtTm')).toEqual(['2025-12-31T16:00:00+01:00']);
    expect(xml).toContain('<ReqdExctnDt><Dt>2026-01-02</Dt></ReqdExctnDt>');
    expect(await validatePain001(xml, 'pain.001.001.09')).toEqual({ valid: true, errors: [] });

    // Summer time: 22:30 UTC on Tuesday 30 June is already Wednesday 1 July in Amsterdam.
    const summer = new ManualClock(new Date('2026-06-30T22:30:00Z'));
    xml = fileAt(summer, 'pain.001.001.03');
    expect(element(xml, 'CreDtTm')).toEqual(['2026-07-01T00:30:00+02:00']);
    expect(xml).toContain('<ReqdExctnDt>2026-07-02</ReqdExctnDt>');
    expect(await validatePain001(xml, 'pain.001.001.03')).toEqual({ valid: true, errors: [] });

    expect(amsterdamDateTime(new Date('2026-03-29T00:59:59Z'))).toBe('2026-03-29T01:59:59+01:00');
    expect(amsterdamDateTime(new Date('2026-03-29T01:00:00Z'))).toBe('2026-03-29T03:00:00+02:00');
    expect(amsterdamDateTime(new Date('2026-10-25T00:30:00Z'))).toBe('2026-10-25T02:30:00+02:00');
    expect(amsterdamDateTime(new Date('2026-10-25T01:30:00Z'))).toBe('2026-10-25T02:30:00+01:00');
  });

  it('leaves the address out when none is set, and needs it only for a payee whose bank is outside the EEA', async () => {
    const clock = new ManualClock(new Date('2026-11-25T10:00:00Z'));
    const xml = fileAt(clock, 'pain.001.001.09', { debtor: { ...DEBTOR, address: null } });
    expect(xml).not.toContain('PstlAdr');
    expect(await validatePain001(xml, 'pain.001.001.09')).toEqual({ valid: true, errors: [] });
    expect(needsDebtorAddress('NL02ABNA0123456789')).toBe(false);
    expect(needsDebtorAddress('DE89370400440532013000')).toBe(false);
    expect(needsDebtorAddress('NO9386011117947')).toBe(false);
    expect(needsDebtorAddress('CH9300762011623852957')).toBe(true);
    expect(needsDebtorAddress('GB29NWBK60161331926819')).toBe(true);
    expect(needsDebtorAddress('MC5811222000010123456789030')).toBe(true);
  });
});
