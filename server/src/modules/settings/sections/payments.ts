import { z } from 'zod';
import { iban } from '../../../rules/iban.js';
import { postcode } from '../../../rules/contact.js';
import { locationRules } from '../../../rules/location.js';
import type { Rule } from '../../../rules/rule.js';
import { text } from '../../../rules/text.js';
import { defineSection } from './section.js';

const IBAN = iban('Vul het IBAN van de gemeente in.');

/** A value through one of the shared rules (src/rules): its normalised value, or its Dutch message. */
const byRule = (rule: Rule<string>, required: string) =>
  z.string({ error: required }).transform((v, ctx) => {
    const checked = rule.check(v);
    if (checked.ok) return checked.value;
    ctx.addIssue({ code: 'custom', message: checked.problem.message });
    return z.NEVER;
  });

/**
 * The account holder's postal address, structured as SEPA wants it (street, number, postcode, town within SEPA's
 * lengths; the country is the Netherlands). The payout file carries it; a transfer to a bank outside the EEA
 * (Switzerland, the United Kingdom, …) cannot be made without it.
 */
export const debtorAddressSchema = z.strictObject({
  street: byRule(text({ required: 'Vul de straat in.', min: 2, max: 70, subject: 'De straat' }), 'Vul de straat in.'),
  houseNumber: byRule(locationRules.houseNumber, 'Vul het huisnummer in.'),
  postcode: byRule(postcode(), 'Vul de postcode in.'),
  town: byRule(text({ required: 'Vul de plaats in.', min: 2, max: 35, subject: 'De plaats' }), 'Vul de plaats in.'),
  country: z.literal('NL', { error: 'Alleen een adres in Nederland is mogelijk.' }).default('NL'),
});

export type DebtorAddress = z.output<typeof debtorAddressSchema>;

/** The account payouts to providers are paid from (the debtor of the SEPA credit transfer), per municipality. */
export const debtorAccountSchema = z.strictObject({
  name: z
    .string({ error: 'Vul de naam van de rekeninghouder in.' })
    .trim()
    .min(2, { error: 'Vul de naam van de rekeninghouder in.' })
    .max(70, { error: 'De naam van de rekeninghouder is hoogstens 70 tekens (de grens van SEPA).' }),
  iban: z.string({ error: 'Vul het IBAN van de gemeente in.' }).transform((v, ctx) => {
    const checked = IBAN.check(v);
    if (checked.ok) return checked.value;
    ctx.addIssue({ code: 'custom', message: checked.problem.message });
    return z.NEVER;
  }),
  bic: z
    .string({ error: 'Vul de BIC in.' })
    .trim()
    .transform((v) => v.toUpperCase().replace(/\s+/g, ''))
    .refine((v) => /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v), {
      error: 'Vul een geldige BIC in van 8 of 11 tekens, bijvoorbeeld BNGHNL2G.',
    }),
  /** Optional (accounts saved before it was asked); the export refuses a transfer that needs it when it is missing. */
  address: debtorAddressSchema.nullable().optional(),
});

export type DebtorAccount = z.output<typeof debtorAccountSchema>;

/** The SEPA credit-transfer formats the payout export can write; .09 is current, .03 for older banks. */
export const SEPA_VERSIONS = ['pain.001.001.09', 'pain.001.001.03'] as const;

/** The payment service providers one can choose; SIMULATOR only outside production (PaymentSettingsService). */
export const PAYMENT_PROVIDERS = ['MOLLIE', 'SIMULATOR'] as const;

/** The PSP's API key, encrypted (kernel/secret-box.ts); only its last four characters are ever shown or audited. */
export const sealedSecretSchema = z.strictObject({
  ciphertext: z.string().min(1).max(2000),
  last4: z.string().max(4),
});

/**
 * instellingen/betalingen: when an unpaid own contribution expires, how long delivered orders wait for payout, the
 * account payouts leave from and the SEPA file version.
 */
export const paymentsSection = defineSection({
  key: 'payments',
  title: 'Betalingen',
  schema: z.strictObject({
    /** Open payments older than this are checked at the PSP and, when not paid, expired (the expiry sweep). */
    paymentExpiryMinutes: z
      .number({ error: 'Vul een aantal minuten in.' })
      .int({ error: 'Vul een heel aantal minuten in.' })
      .min(5, { error: 'Een betaling verloopt op zijn vroegst na 5 minuten.' })
      .max(24 * 60, { error: 'Een betaling verloopt op zijn laatst na 24 uur (1440 minuten).' }),
    /** Delivered orders are paid out to the provider after this many days. */
    payoutDelayDays: z
      .number({ error: 'Vul een aantal dagen in.' })
      .int({ error: 'Vul een heel aantal dagen in.' })
      .min(0, { error: 'Het aantal dagen kan niet negatief zijn.' })
      .max(365, { error: 'Het aantal dagen is hoogstens 365.' }),
    /** The pain.001 version of the payout file. */
    sepaVersion: z.enum(SEPA_VERSIONS, { error: 'Kies pain.001.001.09 of pain.001.001.03.' }),
    /** Keyed by municipality id: the debtor account of that municipality's payouts. */
    debtorAccounts: z.record(z.uuid({ error: 'Onbekende gemeente.' }), debtorAccountSchema),
    /** The payment service provider; null: PAYMENT_PROVIDER from the environment. Set through setPaymentProvider. */
    provider: z.enum(PAYMENT_PROVIDERS, { error: 'Kies Mollie of de simulator.' }).nullable(),
    /** The Mollie API key, encrypted; null: none stored (MOLLIE_API_KEY from the environment is used). */
    mollieApiKey: sealedSecretSchema.nullable(),
  }),
  // Never the (encrypted) key in the audit log: only whether one is stored and its last four characters.
  auditView: (value) => ({
    ...value,
    mollieApiKey: value.mollieApiKey ? { last4: value.mollieApiKey.last4 } : null,
  }),
  // PAYMENT_EXPIRY_MINUTES (the environment variable that set it before) is the default.
  defaults: (config) => ({
    paymentExpiryMinutes: Math.max(5, config.payments.expiryMinutes),
    payoutDelayDays: 14,
    sepaVersion: 'pain.001.001.09' as const,
    debtorAccounts: {},
    provider: null,
    mollieApiKey: null,
  }),
});
