import { graphql } from '../../graphql/generated';
import { EmailField, TextField } from '../forms/TextField';
import { TextAreaField } from '../forms/fields';
import type { OrganisationField } from '../forms/providerValidation';

export const ORGANISATION_FIELDS: readonly OrganisationField[] = [
  'name',
  'kvkNumber',
  'street',
  'postcode',
  'city',
  'email',
  'phone',
  'iban',
  'description',
  'website',
];

/** The organisation's details the form edits (and staff read): `...OrganisationDetails @unmask`. */
export const OrganisationDetailsFragment = graphql(`
  fragment OrganisationDetails on ProviderProfile {
    id
    name
    kvkNumber
    iban
    street
    postcode
    city
    email
    phone
    website
    description
  }
`);

export type OrganisationValues = Record<OrganisationField, string>;

/** Reads the organisation fields from a submitted form. */
export function readOrganisation(data: FormData): OrganisationValues {
  return Object.fromEntries(ORGANISATION_FIELDS.map((f) => [f, String(data.get(f) ?? '')])) as OrganisationValues;
}

interface OrganisationFieldsProps {
  /** Prefix for the input ids (unique per form on a page). */
  idPrefix: string;
  defaults?: Partial<OrganisationValues>;
  errors: Partial<Record<OrganisationField, string>>;
}

export const organisationFieldId = (idPrefix: string, field: OrganisationField) => `${idPrefix}-${field}`;

/** The details of a provider organisation: name, KvK, address, contact, IBAN, description, website. */
export function OrganisationFields({ idPrefix, defaults = {}, errors }: OrganisationFieldsProps) {
  // What every field takes from its name: its id, its name in the form data, its current value and its error.
  const field = (f: OrganisationField) => ({
    id: organisationFieldId(idPrefix, f),
    name: f,
    defaultValue: defaults[f],
    error: errors[f],
  });
  return (
    <>
      <TextField label="Naam van de organisatie" autoComplete="organization" {...field('name')} required />
      <TextField
        label="KvK-nummer"
        hint="8 cijfers, zoals op uw inschrijving bij de Kamer van Koophandel."
        inputMode="numeric"
        autoComplete="off"
        {...field('kvkNumber')}
        required
      />
      <TextField label="Straat en huisnummer" autoComplete="street-address" {...field('street')} required />
      <TextField
        label="Postcode"
        hint="Bijvoorbeeld 1234 AB."
        autoComplete="postal-code"
        {...field('postcode')}
        required
      />
      <TextField label="Plaats" autoComplete="address-level2" {...field('city')} required />
      <EmailField
        label="E-mailadres van de organisatie"
        hint="Hierop ontvangt u berichten van de gemeente, zoals de beoordeling van uw aanmelding."
        {...field('email')}
        required
      />
      <TextField label="Telefoonnummer" type="tel" autoComplete="tel" {...field('phone')} required />
      <TextField
        label="IBAN"
        hint="Het rekeningnummer waarop de gemeente uitbetaalt, bijvoorbeeld NL91 ABNA 0417 1643 00."
        autoComplete="off"
        spellCheck={false}
        {...field('iban')}
        required
      />
      <TextAreaField
        label="Omschrijving (niet verplicht)"
        hint="Wat biedt uw organisatie aan? Inwoners zien deze tekst op uw pagina. Hoogstens 2.000 tekens."
        rows={5}
        {...field('description')}
      />
      <TextField
        label="Website (niet verplicht)"
        hint="Bijvoorbeeld https://www.voorbeeld.nl."
        type="url"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        {...field('website')}
      />
    </>
  );
}
