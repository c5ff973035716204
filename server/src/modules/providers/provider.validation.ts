import { UserError } from '../../kernel/errors.js';
import { checkProviderDetails, email, messageOf, personName, type ProviderField } from '../../rules/index.js';

/**
 * Provider details on the server: the rules themselves live in src/rules/provider.ts (shared with the client's
 * forms); this file maps their problems onto payload errors.
 */

export function normaliseEmail(value: string | null | undefined): string {
  return (value ?? '').trim().toLowerCase();
}

export function emailProblem(value: string, empty = 'Vul een e-mailadres in.'): string | null {
  return messageOf(email(empty), value);
}

/** The details of an organisation, as typed in the registration and profile forms. */
export interface ProviderDetailsInput {
  name: string;
  kvkNumber: string;
  street: string;
  postcode: string;
  city: string;
  email: string;
  phone: string;
  iban: string;
  description?: string | null;
  website?: string | null;
}

export type ProviderDetails = Record<ProviderField, string>;

/** Checks and normalises an organisation's details; `errors` name the input fields. */
export function validateProviderDetails(input: ProviderDetailsInput): { values: ProviderDetails; errors: UserError[] } {
  const { values, problems } = checkProviderDetails(input);
  return {
    values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? ''])) as ProviderDetails,
    errors: problems.map((p) => UserError.of(p.field, p.code, p.message)),
  };
}

export function personNameProblem(name: string, empty = 'Vul uw naam in.'): string | null {
  return messageOf(personName(empty), name);
}
