import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../../components/dates/formatDate';
import { ErrorSummary, type SummaryItem } from '../../../components/forms/ErrorSummary';
import { NETWORK_ERROR, focusFirstError, splitErrors } from '../../../components/forms/formErrors';
import { validateOrganisation, validatePersonName } from '../../../components/forms/providerValidation';
import { TextField } from '../../../components/forms/TextField';
import { validateEmail } from '../../../components/forms/validation';
import { Page } from '../../../components/layout/Page';
import {
  ORGANISATION_FIELDS,
  OrganisationFields,
  organisationFieldId,
  readOrganisation,
} from '../../../components/providers/OrganisationFields';
import { membershipStatusLabel } from '../../../components/providers/membershipStatus';
import { Alert } from '../../../components/ui/Alert';
import { Loading } from '../../../components/ui/Loading';
import { QueryError } from '../../../components/ui/QueryError';
import { graphql } from '../../../graphql/generated';
import type { ProviderProfileQuery } from '../../../graphql/generated/graphql';
import { urls } from '../../../lib/urls';

const ProviderProfileDocument = graphql(`
  query ProviderProfile {
    myProvider {
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
      users {
        id
        name
        email
        emailVerified
        isCurrentUser
        lastLoginAt
      }
    }
    myMunicipalities {
      municipality {
        id
        name
      }
      membership {
        id
        status
        reason
        appliedAt
        decidedAt
      }
    }
  }
`);

const UpdateMyProviderDocument = graphql(`
  mutation UpdateMyProvider($input: UpdateProviderInput!) {
    updateMyProvider(input: $input) {
      provider {
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
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const InviteProviderUserDocument = graphql(`
  mutation InviteProviderUser($input: InviteProviderUserInput!) {
    inviteProviderUser(input: $input) {
      invited
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const RemoveProviderUserDocument = graphql(`
  mutation RemoveProviderUser($id: ID!) {
    removeProviderUser(id: $id) {
      removedUserId
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type Profile = ProviderProfileQuery['myProvider'];
type MunicipalityRow = ProviderProfileQuery['myMunicipalities'][number];

/** /aanbieder/profiel: the organisation's details, its users and its memberships per municipality. */
export default function ProfileScreen() {
  const { data, loading, error, refetch } = useQuery(ProviderProfileDocument, { fetchPolicy: 'cache-and-network' });
  const provider = data?.myProvider;

  return (
    <Page title="Profiel" lead="De gegevens van uw organisatie, de gebruikers en de gemeenten waar u aanbieder bent.">
      <div aria-busy={loading && !data}>
        {loading && !data ? <Loading /> : null}
        {error && !data ? <QueryError message="Uw profiel kon niet worden geladen." onRetry={() => void refetch()} /> : null}
      </div>
      {provider && data ? (
        <>
          <Memberships rows={data.myMunicipalities} />
          <Users provider={provider} onChange={() => void refetch()} />
          <OrganisationForm provider={provider} />
        </>
      ) : null}
    </Page>
  );
}

function membershipNote(row: MunicipalityRow): string {
  const m = row.membership;
  if (!m) return 'U bent hier nog niet aangemeld.';
  switch (m.status) {
    case 'PENDING':
      return `Aangemeld op ${formatDate(m.appliedAt)}; de gemeente beoordeelt uw aanmelding.`;
    case 'APPROVED':
      return `Goedgekeurd${m.decidedAt ? ` op ${formatDate(m.decidedAt)}` : ''}. Uw goedgekeurde producten zijn zichtbaar voor inwoners.`;
    case 'REJECTED':
      return `Afgewezen${m.decidedAt ? ` op ${formatDate(m.decidedAt)}` : ''}.`;
    case 'WITHDRAWN':
      return 'U heeft zich afgemeld.';
  }
}

function Memberships({ rows }: { rows: readonly MunicipalityRow[] }) {
  return (
    <section aria-labelledby="gemeenten-kop">
      <h2 id="gemeenten-kop">Gemeenten</h2>
      <p>Meld u aan bij elke gemeente waar u uw producten wilt aanbieden. De gemeente beoordeelt uw aanmelding.</p>
      <div className="gw-table-wrapper">
        <table className="gw-table">
          <caption className="gw-visually-hidden">Uw aanmeldingen per gemeente</caption>
          <thead>
            <tr>
              <th scope="col">Gemeente</th>
              <th scope="col">Status</th>
              <th scope="col">Toelichting</th>
              <th scope="col">Actie</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const status = row.membership?.status;
              const canApply = !status || status === 'REJECTED' || status === 'WITHDRAWN';
              return (
                <tr key={row.municipality.id}>
                  <th scope="row">{row.municipality.name}</th>
                  <td>{status ? <span className="gw-tag">{membershipStatusLabel[status]}</span> : 'Niet aangemeld'}</td>
                  <td>
                    {membershipNote(row)}
                    {status === 'REJECTED' && row.membership?.reason ? (
                      <>
                        <br />
                        <strong>Reden:</strong> {row.membership.reason}
                      </>
                    ) : null}
                  </td>
                  <td>
                    {canApply ? (
                      <Link to={urls.provider.join(row.municipality.id)}>
                        {status ? 'Opnieuw aanmelden' : 'Aanmelden'}
                        <span className="gw-visually-hidden"> bij {row.municipality.name}</span>
                      </Link>
                    ) : (
                      <Link to={urls.provider.leave(row.municipality.id)}>
                        Afmelden<span className="gw-visually-hidden"> bij {row.municipality.name}</span>
                      </Link>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Users({ provider, onChange }: { provider: Profile; onChange: () => void }) {
  const [remove, { loading: removing }] = useMutation(RemoveProviderUserDocument);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  async function removeUser(id: string, name: string) {
    setMessage(null);
    try {
      const { data } = await remove({ variables: { id } });
      const payload = data?.removeProviderUser;
      if (payload?.removedUserId) {
        setMessage({ kind: 'success', text: `${name} is verwijderd en kan niet meer inloggen.` });
        setConfirming(null);
        onChange();
      } else {
        setMessage({ kind: 'error', text: payload?.errors[0]?.message ?? 'Verwijderen is niet gelukt.' });
      }
    } catch {
      setMessage({ kind: 'error', text: NETWORK_ERROR });
    }
  }

  return (
    <section aria-labelledby="gebruikers-kop">
      <h2 id="gebruikers-kop">Gebruikers</h2>
      {message ? (
        <Alert variant={message.kind} role={message.kind === 'error' ? 'alert' : 'status'}>
          <p>{message.text}</p>
        </Alert>
      ) : null}
      <div className="gw-table-wrapper">
        <table className="gw-table">
          <caption className="gw-visually-hidden">Gebruikers van {provider.name}</caption>
          <thead>
            <tr>
              <th scope="col">Naam</th>
              <th scope="col">E-mailadres</th>
              <th scope="col">Status</th>
              <th scope="col">Laatst ingelogd</th>
              <th scope="col">Actie</th>
            </tr>
          </thead>
          <tbody>
            {provider.users.map((user) => (
              <tr key={user.id}>
                <th scope="row">
                  {user.name}
                  {user.isCurrentUser ? ' (u)' : ''}
                </th>
                <td>{user.email}</td>
                <td>{user.emailVerified ? 'Actief' : 'Uitgenodigd'}</td>
                <td>{user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'Nog niet'}</td>
                <td>
                  {user.isCurrentUser ? null : confirming === user.id ? (
                    <div className="gw-actions" role="group" aria-label={`${user.name} verwijderen`}>
                      <span>Weet u het zeker?</span>
                      <button
                        type="button"
                        className="gw-button gw-button--danger"
                        disabled={removing}
                        onClick={() => void removeUser(user.id, user.name)}
                      >
                        Ja, verwijderen
                      </button>
                      <button type="button" className="gw-button gw-button--secondary" onClick={() => setConfirming(null)}>
                        Annuleren
                      </button>
                    </div>
                  ) : (
                    <button type="button" className="gw-button gw-button--secondary" onClick={() => setConfirming(user.id)}>
                      Verwijderen<span className="gw-visually-hidden"> {user.name}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <InviteForm onInvited={onChange} />
    </section>
  );
}

const INVITE_FIELDS = ['name', 'email'] as const;
type InviteField = (typeof INVITE_FIELDS)[number];
const inviteId = (f: InviteField) => `uitnodigen-${f}`;

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const [invite, { loading }] = useMutation(InviteProviderUserDocument);
  const [errors, setErrors] = useState<Partial<Record<InviteField, string>>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [sent, setSent] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const data = new FormData(event.currentTarget);
    const name = String(data.get('name') ?? '');
    const email = String(data.get('email') ?? '').trim();
    const found: Partial<Record<InviteField, string>> = {};
    const nameError = validatePersonName(name, 'Vul de naam van uw collega in.');
    if (nameError) found.name = nameError;
    const emailError = validateEmail(email);
    if (emailError) found.email = emailError;
    setErrors(found);
    setGeneral([]);
    setSent(null);
    if (Object.keys(found).length) {
      focusFirstError(INVITE_FIELDS, found, inviteId);
      return;
    }
    try {
      const { data: result } = await invite({ variables: { input: { name, email } } });
      const payload = result?.inviteProviderUser;
      if (payload?.invited) {
        setSent(
          `We sturen een uitnodiging naar ${email}. Met de link daarin kiest ${name.trim()} een wachtwoord. Heeft dit e-mailadres al een account, dan krijgt de eigenaar in plaats daarvan een bericht.`,
        );
        setFormKey((k) => k + 1);
        onInvited();
        return;
      }
      const split = splitErrors(payload?.errors ?? [], INVITE_FIELDS);
      setErrors(split.fieldErrors);
      setGeneral(split.general);
      focusFirstError(INVITE_FIELDS, split.fieldErrors, inviteId);
    } catch {
      setGeneral([NETWORK_ERROR]);
    }
  }

  return (
    <>
      <h3 id="uitnodigen-kop">Collega uitnodigen</h3>
      {sent ? (
        <Alert variant="success" role="status">
          <p>{sent}</p>
        </Alert>
      ) : null}
      <form key={formKey} className="gw-form" noValidate onSubmit={handleSubmit} aria-labelledby="uitnodigen-kop">
        <ErrorSummary items={general.map((message) => ({ fieldId: null, message }))} />
        <TextField id={inviteId('name')} name="name" label="Naam" autoComplete="off" error={errors.name} required />
        <TextField
          id={inviteId('email')}
          name="email"
          label="E-mailadres"
          type="email"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          error={errors.email}
          required
        />
        <button type="submit" className="gw-button" disabled={loading} aria-disabled={loading}>
          {loading ? 'Bezig met versturen…' : 'Uitnodiging versturen'}
        </button>
      </form>
    </>
  );
}

const ORG_PREFIX = 'organisatie';

function OrganisationForm({ provider }: { provider: Profile }) {
  const [update, { loading }] = useMutation(UpdateMyProviderDocument);
  const [errors, setErrors] = useState<Partial<Record<(typeof ORGANISATION_FIELDS)[number], string>>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const idOf = (f: (typeof ORGANISATION_FIELDS)[number]) => organisationFieldId(ORG_PREFIX, f);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const values = readOrganisation(new FormData(event.currentTarget));
    const found = validateOrganisation(values);
    setErrors(found);
    setGeneral([]);
    setSaved(false);
    if (Object.keys(found).length) {
      focusFirstError(ORGANISATION_FIELDS, found, idOf);
      return;
    }
    try {
      const { data } = await update({ variables: { input: values } });
      const payload = data?.updateMyProvider;
      if (payload?.provider) {
        setSaved(true);
        return;
      }
      const split = splitErrors(payload?.errors ?? [], ORGANISATION_FIELDS);
      setErrors(split.fieldErrors);
      setGeneral(split.general);
      focusFirstError(ORGANISATION_FIELDS, split.fieldErrors, idOf);
    } catch {
      setGeneral([NETWORK_ERROR]);
    }
  }

  const summary: SummaryItem[] = general.map((message) => ({ fieldId: null, message }));

  return (
    <section aria-labelledby="organisatie-kop">
      <h2 id="organisatie-kop">Gegevens van de organisatie</h2>
      <form className="gw-form" noValidate onSubmit={handleSubmit} aria-labelledby="organisatie-kop">
        <ErrorSummary items={summary} />
        <OrganisationFields idPrefix={ORG_PREFIX} defaults={provider} errors={errors} />
        {saved ? (
          <Alert variant="success" role="status">
            <p>De gegevens van uw organisatie zijn opgeslagen.</p>
          </Alert>
        ) : null}
        <button type="submit" className="gw-button" disabled={loading} aria-disabled={loading}>
          {loading ? 'Bezig met opslaan…' : 'Gegevens opslaan'}
        </button>
      </form>
    </section>
  );
}
