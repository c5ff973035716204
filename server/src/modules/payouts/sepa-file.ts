import SEPA from 'sepa';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import type { DebtorAccount } from '../settings/sections/payments.js';

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

/** SEPA texts: the Latin character set banks accept, within a length (accents dropped, the rest replaced). */
export function sepaText(value: string, max: number): string {
  const plain = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.slice(0, max).trim() || '-';
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
 * from the municipality's debtor account, one transaction per provider.
 */
export function sepaCreditTransfer(input: {
  version: 'pain.001.001.09' | 'pain.001.001.03';
  messageId: string;
  createdAt: Date;
  executionDate: Date;
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
  info.requestedExecutionDate = input.executionDate;
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
    tx.remittanceInfo = t.remittanceInfo;
    tx.end2endId = t.endToEndId;
    info.addTransaction(tx);
  }
  return doc.toString();
}
