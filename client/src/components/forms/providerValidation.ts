import { messageOf } from '@rules/rule';
import { personName } from '@rules/person';
import { newPassword, PASSWORD_HINT } from '@rules/password';
import { providerRules, type ProviderField } from '@rules/provider';
import { ruleCheck } from './ruleCheck';

/**
 * Instant checks of provider details: the server's own rules (server/src/rules/provider.ts and password.ts, through
 * the `@rules` alias), not a copy. The server stays the authority and checks them again.
 */

export { providerRules, PASSWORD_HINT };

export const validateOrganisationName = (value: string) => messageOf(providerRules.name, value);
export const validateKvk = (value: string) => messageOf(providerRules.kvkNumber, value);
export const validateStreet = (value: string) => messageOf(providerRules.street, value);
export const validatePostcode = (value: string) => messageOf(providerRules.postcode, value);
export const validateCity = (value: string) => messageOf(providerRules.city, value);
export const validateOrganisationEmail = (value: string) => messageOf(providerRules.email, value);
export const validatePhone = (value: string) => messageOf(providerRules.phone, value);
export const validateIban = (value: string) => messageOf(providerRules.iban, value);
export const validateDescription = (value: string) => messageOf(providerRules.description, value);
export const validateWebsite = (value: string) => messageOf(providerRules.website, value);
export const validatePersonName = (value: string, empty = 'Vul uw naam in.') => messageOf(personName(empty), value);
export const validateNewPassword = (value: string) => messageOf(newPassword, value);

export type OrganisationField = ProviderField;

/** The organisation part of the registration and profile forms. */
export const validateOrganisation: (
  values: Record<OrganisationField, string>,
) => Partial<Record<OrganisationField, string>> = ruleCheck(providerRules);
