import SEPA from 'sepa';
import { DOMParser, XMLSerializer, type Element } from '@xmldom/xmldom';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { transliterate } from 'transliteration';
import { amsterdamDateTime } from '../../kernel/dates.js';
import type { DebtorAccount, DebtorAddress } from '../settings/index.js';

/** SEPA's limit on unstructured remittance information (Ustrd). */
export const REMITTANCE_MAX = 140;
const MORE = ' e.a.';

/**
 * The remittance information of one transfer: the line's reference and as many order numbers as fit within SEPA's 140
 * characters, ending with "e.a." when some did not fit (the provider's specification CSV lists them all).
 */
export function remittanceInfo(reference: string, orderNumbers: readonly string[]): string {
  const full = [reference, ...orderNumbers].join(' ');
  if (full.length <= REMITTANCE_MAX) return full;
  let text = reference;
  for (const number of orderNumbers) {
    if (text.length + 1 + number.length + MORE.length > REMITTANCE_MAX) break;
    text += ` ${number}`;
  }
  return text + MORE;
}

/** The IBAN in electronic form when its check digits are right, otherwise null. */
export function checkedIban(raw: string | null | undefined): string | null {
  const electronic = electronicFormatIBAN(raw ?? '') ?? '';
  return electronic && isValidIBAN(electronic) ? electronic : null;
}

/** Characters a SEPA text may hold everywhere: the EPC's basic Latin set (EPC217-08), besides letters and digits. */
const NOT_EPC = /[^A-Za-z0-9/\-?:().,'+ ]/g;

/**
 * SEPA texts (names, addresses, remittance information) in the character set every bank in SEPA must accept, within a
 * length. Letters are transliterated, not dropped (the `transliteration` library): Ĳsselmonde → IJsselmonde,
 * Straße → Strasse, Ørsted → Orsted, Æ → AE, Œ → OE, Łódź → Lodz, Zoë → Zoe; € becomes EUR, & becomes + (the EPC's
 * advice), double quotes single ones; what has no Latin form (an emoji) becomes a space.
 */
export function sepaText(value: string, max: number): string {
  const latin = transliterate(value, { replace: { '€': 'EUR', ẞ: 'SS' }, unknown: ' ' })
    .replace(/&/g, '+')
    .replace(/"/g, "'")
    .replace(NOT_EPC, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return latin.slice(0, max).trim() || '-';
}

/**
 * The countries of the European Economic Area (the EU, Iceland, Liechtenstein and Norway), by the country code an
 * IBAN starts with (French overseas departments, the Azores, Madeira and Åland use their country's IBAN). A transfer
 * to a payee whose bank is in a SEPA country outside it (Switzerland, the United Kingdom, Monaco, …) must carry the
 * payer's address (EPC SCT rulebook, the Funds Transfer Regulation).
 */
const EEA = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO'.split(' '),
);

/** Whether a transfer to this (electronic) IBAN must carry the debtor's postal address. */
export function needsDebtorAddress(creditorIban: string): boolean {
  return !EEA.has(creditorIban.slice(0, 2).toUpperCase());
}

export interface SepaTransfer {
  endToEndId: string;
  creditorName: string;
  creditorIban: string;
  amountCents: number;
  remittanceInfo: string;
}

/**
 * A SEPA credit-transfer initiation (pain.001.001.09 or .03) with the `sepa` library: one payment information block
 * from the municipality's debtor account, one transaction per provider. Every text passes `sepaText`. Two things the
 * library cannot write are set in its document afterwards (with @xmldom/xmldom, so escaping stays the DOM's): the
 * creation time in Dutch time with its offset (the library writes the server's local time without one), and the
 * debtor's structured postal address (street, number, postcode, town, country: the form the EPC requires from
 * November 2026; the library writes only unstructured address lines).
 */
export function sepaCreditTransfer(input: {
  version: 'pain.001.001.09' | 'pain.001.001.03';
  messageId: string;
  createdAt: Date;
  /** The requested execution date, a Dutch calendar date (YYYY-MM-DD). */
  executionDate: string;
  initiatorName: string;
  debtor: DebtorAccount;
  transfers: readonly SepaTransfer[];
}): string {
  const doc = new SEPA.Document(input.version);
  doc.grpHdr.id = input.messageId;
  doc.grpHdr.created = input.createdAt;
  doc.grpHdr.initiatorName = sepaText(input.initiatorName, 70);
  const info = doc.createPaymentInfo();
  info.method = 'TRF';
  // The library writes the date's local calendar day: local midnight of that day is that day in any time zone.
  const [year, month, day] = input.executionDate.split('-').map(Number) as [number, number, number];
  info.requestedExecutionDate = new Date(year, month - 1, day);
  info.debtorIBAN = input.debtor.iban;
  info.debtorBIC = input.debtor.bic;
  info.debtorName = sepaText(input.debtor.name, 70);
  doc.addPaymentInfo(info);
  for (const t of input.transfers) {
    const tx = info.createTransaction();
    tx.creditorName = sepaText(t.creditorName, 70);
    tx.creditorIBAN = t.creditorIban;
    // Whole cents as a decimal with two places: no floating-point sums (the library adds the control sums).
    tx.amount = Number((t.amountCents / 100).toFixed(2));
    tx.remittanceInfo = sepaText(t.remittanceInfo, REMITTANCE_MAX);
    tx.end2endId = t.endToEndId;
    info.addTransaction(tx);
  }
  const xml = new DOMParser().parseFromString(doc.toString(), 'text/xml');
  only(xml.getElementsByTagName('CreDtTm')).textContent = amsterdamDateTime(input.createdAt);
  if (input.debtor.address) {
    const debtorName = only(only(xml.getElementsByTagName('Dbtr')).getElementsByTagName('Nm'));
    debtorName.parentNode!.insertBefore(postalAddress(xml, input.debtor.address), debtorName.nextSibling);
  }
  return new XMLSerializer().serializeToString(xml);
}

/** `<PstlAdr>` in the order both schemas (PostalAddress6 and 24) prescribe: StrtNm, BldgNb, PstCd, TwnNm, Ctry. */
function postalAddress(xml: ReturnType<DOMParser['parseFromString']>, address: DebtorAddress): Element {
  const namespace = xml.documentElement!.namespaceURI;
  const node = xml.createElementNS(namespace, 'PstlAdr');
  for (const [name, value] of [
    ['StrtNm', sepaText(address.street, 70)],
    ['BldgNb', sepaText(address.houseNumber, 16)],
    ['PstCd', sepaText(address.postcode, 16)],
    ['TwnNm', sepaText(address.town, 35)],
    ['Ctry', address.country],
  ] as const) {
    const child = xml.createElementNS(namespace, name);
    child.textContent = value;
    node.appendChild(child);
  }
  return node;
}

/** The one element of a list the library always writes once. */
function only(list: { length: number; item(i: number): Element | null }): Element {
  if (list.length !== 1) throw new Error(`SEPA document: expected one element, found ${list.length}`);
  return list.item(0)!;
}
