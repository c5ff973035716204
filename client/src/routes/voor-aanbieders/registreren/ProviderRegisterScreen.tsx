import { useMutation, useQuery } from '@apollo/client/react';
import { newAccountRules, PASSWORD_HINT } from '@rules/password';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CheckboxField } from '@/components/forms/CheckboxField';
import { lazyRuleCheck } from '@/components/forms/ruleCheck';
import { EmailField, TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { ORGANISATION_FIELDS, OrganisationFields, readOrganisation } from '@/components/providers/OrganisationFields';
import { TermsText } from '@/components/providers/TermsText';
import { Loading } from '@/components/ui/Loading';
import { QueryError } from '@/components/ui/QueryError';
import { graphql } from '@/graphql/generated';
import { urls } from '@/lib/urls';

const CurrentTermsDocument = graphql(`
  query CurrentTerms {
    currentTerms {
      id
      version
      title
      bodyHtml(headingLevel: 4)
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
const ID_PREFIX = 'registratie';
/**
 * The organisation's rules include the IBAN rule, and with it ibantools: they load when the form is first focused (or
 * sent), not with the page (the JavaScript budget of the public pages, e2e/performance.spec.ts).
 */
const rules = lazyRuleCheck(async () => ({ ...(await import('@rules/provider')).providerRules, ...newAccountRules }));

/** /voor-aanbieders/registreren: an organisation registers with its first user and accepts the terms. */
export default function ProviderRegisterScreen() {
  const terms = useQuery(CurrentTermsDocument);
  const [register] = useMutation(RegisterProviderDocument);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  const sentEmail = useRef('');
  const currentTerms = terms.data?.currentTerms;
  const form = useMutationForm({
    id: ID_PREFIX,
    fields: FIELDS,
    check: rules.check,
    mutate: async (values, data) => {
      const input = {
        ...readOrganisation(data),
        userName: values.userName,
        userEmail: (sentEmail.current = values.userEmail.trim()),
        password: values.password,
        acceptTerms: values.acceptTerms === 'ja',
      };
      return (await register({ variables: { input: { ...input, termsVersionId: currentTerms!.id } } })).data
        ?.registerProvider;
    },
    onSuccess: () => setSentTo(sentEmail.current),
  });

  useEffect(() => {
    if (sentTo) doneHeading.current?.focus();
  }, [sentTo]);

  if (sentTo) {
    return (
      <Page title="Aanmelden als aanbieder">
        <div role="status">
          <h2 ref={doneHeading} tabIndex={-1}>
            Controleer uw e-mail
          </h2>
          <p>
            We hebben een e-mail gestuurd naar <strong>{sentTo}</strong>. Klik op de link in die e-mail om uw
            e-mailadres te bevestigen. De link is 24 uur geldig.
          </p>
        </div>
        <p>
          Daarna kunt u inloggen en uw organisatie aanmelden bij de gemeenten waar u uw producten wilt aanbieden. De
          gemeente beoordeelt uw aanmelding.
        </p>
        <p>
          Geen e-mail ontvangen? Kijk ook in de map met ongewenste e-mail. Heeft u al een account? Dan kunt u{' '}
          <Link to={urls.providerLogin()}>inloggen</Link> of{' '}
          <Link to={urls.forgotPassword()}>een nieuw wachtwoord aanvragen</Link>.
        </p>
      </Page>
    );
  }

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
        {terms.error && !currentTerms ? (
          <QueryError message="Het aanmeldformulier kon niet worden geladen." onRetry={() => void terms.refetch()} />
        ) : null}
      </div>
      {currentTerms ? (
        <form className="gw-form" {...form.props} onFocus={rules.preload}>
          {form.summary}
          <fieldset className="gw-fieldset">
            <legend>
              <h2>Uw organisatie</h2>
            </legend>
            <OrganisationFields idPrefix={ID_PREFIX} errors={form.errors} />
          </fieldset>
          <fieldset className="gw-fieldset">
            <legend>
              <h2>Uw gegevens</h2>
            </legend>
            <p>Hiermee logt u in. U kunt later collega’s uitnodigen.</p>
            <TextField label="Uw naam" autoComplete="name" required {...form.field('userName')} />
            <EmailField
              label="Uw e-mailadres"
              hint="Hiermee logt u in. U ontvangt hierop een link om het te bevestigen."
              autoComplete="username"
              required
              {...form.field('userEmail')}
            />
            <TextField
              label="Wachtwoord"
              hint={PASSWORD_HINT}
              type="password"
              autoComplete="new-password"
              required
              {...form.field('password')}
            />
          </fieldset>
          <fieldset className="gw-fieldset">
            <legend>
              <h2>Voorwaarden</h2>
            </legend>
            <TermsText terms={currentTerms} />
            <CheckboxField
              value="ja"
              label={`Ik ga akkoord met de ${currentTerms.title.toLowerCase()} (versie ${currentTerms.version}).`}
              {...form.field('acceptTerms')}
            />
          </fieldset>
          <button type="submit" className="gw-button" disabled={form.busy}>
            {form.busy ? 'Bezig met aanmelden…' : 'Organisatie aanmelden'}
          </button>
        </form>
      ) : null}
    </Page>
  );
}
