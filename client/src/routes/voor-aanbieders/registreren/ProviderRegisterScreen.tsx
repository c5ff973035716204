import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CheckboxField } from '../../../components/forms/CheckboxField';
import { ErrorSummary, type SummaryItem } from '../../../components/forms/ErrorSummary';
import { NETWORK_ERROR, focusFirstError, splitErrors } from '../../../components/forms/formErrors';
import {
  PASSWORD_HINT,
  validateNewPassword,
  validateOrganisation,
  validatePersonName,
} from '../../../components/forms/providerValidation';
import { TextField } from '../../../components/forms/TextField';
import { validateEmail } from '../../../components/forms/validation';
import { Page } from '../../../components/layout/Page';
import {
  ORGANISATION_FIELDS,
  OrganisationFields,
  organisationFieldId,
  readOrganisation,
} from '../../../components/providers/OrganisationFields';
import { TermsText } from '../../../components/providers/TermsText';
import { Loading } from '../../../components/ui/Loading';
import { QueryError } from '../../../components/ui/QueryError';
import { graphql } from '../../../graphql/generated';
import { urls } from '../../../lib/urls';

const CurrentTermsDocument = graphql(`
  query CurrentTerms {
    currentTerms {
      id
      version
      title
      body
    }
  }
`);

const RegisterProviderDocument = graphql(`
  mutation RegisterProvider($input: RegisterProviderInput!) {
    registerProvider(input: $input) {
      submitted
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const FIELDS = [...ORGANISATION_FIELDS, 'userName', 'userEmail', 'password', 'acceptTerms'] as const;
type Field = (typeof FIELDS)[number];
const ID_PREFIX = 'registratie';
const fieldId = (f: Field) => (f === 'acceptTerms' || f === 'userName' || f === 'userEmail' || f === 'password' ? `${ID_PREFIX}-${f}` : organisationFieldId(ID_PREFIX, f));

const LABELS: Record<Field, string> = {
  name: 'Naam van de organisatie',
  kvkNumber: 'KvK-nummer',
  street: 'Straat en huisnummer',
  postcode: 'Postcode',
  city: 'Plaats',
  email: 'E-mailadres van de organisatie',
  phone: 'Telefoonnummer',
  iban: 'IBAN',
  description: 'Omschrijving',
  website: 'Website',
  userName: 'Uw naam',
  userEmail: 'Uw e-mailadres',
  password: 'Wachtwoord',
  acceptTerms: 'Voorwaarden',
};

/** /voor-aanbieders/registreren: an organisation registers with its first user and accepts the terms. */
export default function ProviderRegisterScreen() {
  const terms = useQuery(CurrentTermsDocument);
  const [register] = useMutation(RegisterProviderDocument);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (sentTo) doneHeading.current?.focus();
  }, [sentTo]);

  const currentTerms = terms.data?.currentTerms;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || !currentTerms) return;
    const data = new FormData(event.currentTarget);
    const organisation = readOrganisation(data);
    const userName = String(data.get('userName') ?? '');
    const userEmail = String(data.get('userEmail') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const acceptTerms = data.get('acceptTerms') === 'ja';

    const found: Partial<Record<Field, string>> = { ...validateOrganisation(organisation) };
    const nameError = validatePersonName(userName);
    if (nameError) found.userName = nameError;
    const emailError = validateEmail(userEmail);
    if (emailError) found.userEmail = emailError;
    const passwordError = validateNewPassword(password);
    if (passwordError) found.password = passwordError;
    if (!acceptTerms) found.acceptTerms = 'Ga akkoord met de voorwaarden om uw organisatie aan te melden.';
    setGeneral([]);
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstError(FIELDS, found, fieldId);
      return;
    }

    setSubmitting(true);
    try {
      const { data: result } = await register({
        variables: { input: { ...organisation, userName, userEmail, password, acceptTerms, termsVersionId: currentTerms.id } },
      });
      const payload = result?.registerProvider;
      if (payload?.submitted) {
        setSentTo(userEmail);
        return;
      }
      const split = splitErrors(payload?.errors ?? [], FIELDS);
      setErrors(split.fieldErrors);
      setGeneral(split.general.length || Object.keys(split.fieldErrors).length ? split.general : ['Aanmelden is niet gelukt. Probeer het opnieuw.']);
      focusFirstError(FIELDS, split.fieldErrors, fieldId);
    } catch {
      setGeneral([NETWORK_ERROR]);
    } finally {
      setSubmitting(false);
    }
  }

  if (sentTo) {
    return (
      <Page title="Aanmelden als aanbieder">
        <div role="status">
          <h2 ref={doneHeading} tabIndex={-1}>
            Controleer uw e-mail
          </h2>
          <p>
            We hebben een e-mail gestuurd naar <strong>{sentTo}</strong>. Klik op de link in die e-mail om uw e-mailadres te
            bevestigen. De link is 24 uur geldig.
          </p>
        </div>
        <p>Daarna kunt u inloggen en uw organisatie aanmelden bij de gemeenten waar u uw producten wilt aanbieden. De gemeente beoordeelt uw aanmelding.</p>
        <p>
          Geen e-mail ontvangen? Kijk ook in de map met ongewenste e-mail. Heeft u al een account? Dan kunt u{' '}
          <Link to={urls.providerLogin()}>inloggen</Link> of <Link to={urls.forgotPassword()}>een nieuw wachtwoord aanvragen</Link>.
        </p>
      </Page>
    );
  }

  const summary: SummaryItem[] = [
    ...general.map((message) => ({ fieldId: null, message })),
    ...FIELDS.filter((f) => errors[f]).map((f) => ({ fieldId: fieldId(f), message: `${LABELS[f]}: ${errors[f]}` })),
  ];

  return (
    <Page
      title="Aanmelden als aanbieder"
      lead="Meld uw organisatie aan om producten aan te bieden aan inwoners. Na het bevestigen van uw e-mailadres meldt u zich aan bij de gemeenten waar u actief bent; de gemeente beoordeelt uw aanmelding."
    >
      <p>
        Heeft u al een account? <Link to={urls.providerLogin()}>Log in als aanbieder</Link>.
      </p>
      <div aria-busy={terms.loading}>
        {terms.loading ? <Loading /> : null}
        {terms.error && !currentTerms ? <QueryError message="Het aanmeldformulier kon niet worden geladen." onRetry={() => void terms.refetch()} /> : null}
      </div>
      {currentTerms ? (
        <form className="gw-form" noValidate onSubmit={handleSubmit} aria-describedby={summary.length ? `${ID_PREFIX}-fouten` : undefined}>
          <ErrorSummary id={`${ID_PREFIX}-fouten`} items={summary} />
          <fieldset className="gw-fieldset">
            <legend>
              <h2>Uw organisatie</h2>
            </legend>
            <OrganisationFields idPrefix={ID_PREFIX} errors={errors} />
          </fieldset>
          <fieldset className="gw-fieldset">
            <legend>
              <h2>Uw gegevens</h2>
            </legend>
            <p>Hiermee logt u in. U kunt later collega’s uitnodigen.</p>
            <TextField id={fieldId('userName')} name="userName" label="Uw naam" autoComplete="name" error={errors.userName} required />
            <TextField
              id={fieldId('userEmail')}
              name="userEmail"
              label="Uw e-mailadres"
              hint="Hiermee logt u in. U ontvangt hierop een link om het te bevestigen."
              type="email"
              inputMode="email"
              autoComplete="username"
              spellCheck={false}
              error={errors.userEmail}
              required
            />
            <TextField
              id={fieldId('password')}
              name="password"
              label="Wachtwoord"
              hint={PASSWORD_HINT}
              type="password"
              autoComplete="new-password"
              error={errors.password}
              required
            />
          </fieldset>
          <fieldset className="gw-fieldset">
            <legend>
              <h2>Voorwaarden</h2>
            </legend>
            <TermsText terms={currentTerms} />
            <CheckboxField
              id={fieldId('acceptTerms')}
              name="acceptTerms"
              value="ja"
              label={`Ik ga akkoord met de ${currentTerms.title.toLowerCase()} (versie ${currentTerms.version}).`}
              error={errors.acceptTerms}
            />
          </fieldset>
          <button type="submit" className="gw-button" disabled={submitting} aria-disabled={submitting}>
            {submitting ? 'Bezig met aanmelden…' : 'Organisatie aanmelden'}
          </button>
        </form>
      ) : null}
    </Page>
  );
}
