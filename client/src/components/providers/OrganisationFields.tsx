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
  const id = (f: OrganisationField) => organisationFieldId(idPrefix, f);
  return (
    <>
      <TextField
        id={id('name')}
        name="name"
        label="Naam van de organisatie"
        autoComplete="organization"
        defaultValue={defaults.name}
        error={errors.name}
        required
      />
      <TextField
        id={id('kvkNumber')}
        name="kvkNumber"
        label="KvK-nummer"
        hint="8 cijfers, zoals op uw inschrijving bij de Kamer van Koophandel."
        inputMode="numeric"
        autoComplete="off"
        defaultValue={defaults.kvkNumber}
        error={errors.kvkNumber}
        required
      />
      <TextField
        id={id('street')}
        name="street"
        label="Straat en huisnummer"
        autoComplete="street-address"
        defaultValue={defaults.street}
        error={errors.street}
        required
      />
      <TextField
        id={id('postcode')}
        name="postcode"
        label="Postcode"
        hint="Bijvoorbeeld 1234 AB."
        autoComplete="postal-code"
        defaultValue={defaults.postcode}
        error={errors.postcode}
        required
      />
      <TextField
        id={id('city')}
        name="city"
        label="Plaats"
        autoComplete="address-level2"
        defaultValue={defaults.city}
        error={errors.city}
        required
      />
      <EmailField
        id={id('email')}
        name="email"
        label="E-mailadres van de organisatie"
        hint="Hierop ontvangt u berichten van de gemeente, zoals de beoordeling van uw aanmelding."
        defaultValue={defaults.email}
        error={errors.email}
        required
      />
      <TextField
        id={id('phone')}
        name="phone"
        label="Telefoonnummer"
        type="tel"
        autoComplete="tel"
        defaultValue={defaults.phone}
        error={errors.phone}
        required
      />
      <TextField
        id={id('iban')}
        name="iban"
        label="IBAN"
        hint="Het rekeningnummer waarop de gemeente uitbetaalt, bijvoorbeeld NL91 ABNA 0417 1643 00."
        autoComplete="off"
        spellCheck={false}
        defaultValue={defaults.iban}
        error={errors.iban}
        required
      />
      <TextAreaField
        id={id('description')}
        name="description"
        label="Omschrijving (niet verplicht)"
        hint="Wat biedt uw organisatie aan? Inwoners zien deze tekst op uw pagina. Hoogstens 2.000 tekens."
        rows={5}
        defaultValue={defaults.description}
        error={errors.description}
      />
      <TextField
        id={id('website')}
        name="website"
        label="Website (niet verplicht)"
        hint="Bijvoorbeeld https://www.voorbeeld.nl."
        type="url"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        defaultValue={defaults.website}
        error={errors.website}
      />
    </>
  );
}
