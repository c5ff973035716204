import { useMutation, useQuery } from '@apollo/client/react';
import { invitationRules, providerRules } from '@rules/provider';
import { useRef } from 'react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '@/components/dates/formatDate';
import { ConfirmAction } from '@/components/forms/ConfirmAction';
import { ruleCheck } from '@/components/forms/ruleCheck';
import { EmailField, TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { ORGANISATION_FIELDS, OrganisationFields } from '@/components/providers/OrganisationFields';
import { membershipStatusLabel } from '@/vocabulary/membershipStatus';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { ProviderProfileQuery } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { LocationsSection, LogoSection } from './ProviderPresence';
import { ProviderPayouts } from './ProviderPayouts';
import { StatusBadge } from '@/components/status/StatusBadge';
import { DataTable } from '@/components/ui/DataTable';

const ProviderProfileDocument = graphql(`
  query ProviderProfile {
    myProvider {
      ...OrganisationDetails @unmask
      slug
      logoUrl
      locations {
        ...ProviderLocationFields @unmask
      }
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
        ...OrganisationDetails @unmask
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

type Profile = NonNullable<ProviderProfileQuery['myProvider']>;
type MunicipalityRow = ProviderProfileQuery['myMunicipalities'][number];

/**
 * /aanbieder/profiel: the organisation's details, its users, its memberships per municipality, and how it presents
 * itself publicly: logo, description (in the details) and locations with opening hours.
 */
export default function ProfileScreen() {
  const query = useQuery(ProviderProfileDocument, { fetchPolicy: 'cache-and-network' });
  return (
    <QueryBoundary
      query={query}
      select={(d) => (d.myProvider ? d : null)}
      title="Profiel"
      errorMessage="Uw profiel kon niet worden geladen."
    >
      {(data) => (
        <Page
          title="Profiel"
          lead="De gegevens van uw organisatie, de gebruikers, de gemeenten waar u aanbieder bent, en uw logo en vestigingen."
        >
          <Memberships rows={data.myMunicipalities} />
          <Users provider={data.myProvider!} onChange={() => void query.refetch()} />
          <OrganisationForm provider={data.myProvider!} />
          <LogoSection
            name={data.myProvider!.name}
            logoUrl={data.myProvider!.logoUrl}
            onChange={() => void query.refetch()}
          />
          <LocationsSection
            locations={data.myProvider!.locations}
            onChange={() => void query.refetch()}
            publicUrl={
              data.myMunicipalities.some((m) => m.membership?.status === 'APPROVED')
                ? urls.providerPage(data.myProvider!.slug, data.myProvider!.id)
                : null
            }
          />
          <ProviderPayouts />
        </Page>
      )}
    </QueryBoundary>
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
      <DataTable
        caption="Uw aanmeldingen per gemeente"
        hideCaption
        headers={['Gemeente', 'Status', 'Toelichting', 'Actie']}
      >
        {rows.map((row) => {
          const status = row.membership?.status;
          const canApply = !status || status === 'REJECTED' || status === 'WITHDRAWN';
          return (
            <tr key={row.municipality.id}>
              <th scope="row">{row.municipality.name}</th>
              <td>
                {status ? (
                  <StatusBadge kind="membership" status={status}>
                    {membershipStatusLabel[status]}
                  </StatusBadge>
                ) : (
                  'Niet aangemeld'
                )}
              </td>
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
      </DataTable>
    </section>
  );
}

function Users({ provider, onChange }: { provider: Profile; onChange: () => void }) {
  return (
    <section aria-labelledby="gebruikers-kop">
      <h2 id="gebruikers-kop">Gebruikers</h2>
      <DataTable
        caption={`Gebruikers van ${provider.name}`}
        hideCaption
        headers={['Naam', 'E-mailadres', 'Status', 'Laatst ingelogd', 'Actie']}
      >
        {provider.users.map((user) => (
          <tr key={user.id}>
            <th scope="row">
              {user.name}
              {user.isCurrentUser ? ' (u)' : ''}
            </th>
            <td>{user.email}</td>
            <td>{user.emailVerified ? 'Actief' : 'Uitgenodigd'}</td>
            <td>{user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'Nog niet'}</td>
            <td>{user.isCurrentUser ? null : <RemoveUser user={user} onRemoved={onChange} />}</td>
          </tr>
        ))}
      </DataTable>
      <InviteForm onInvited={onChange} />
    </section>
  );
}

/** Removing a colleague's access, after confirming. */
function RemoveUser({ user, onRemoved }: { user: Profile['users'][number]; onRemoved: () => void }) {
  const [remove] = useMutation(RemoveProviderUserDocument);
  const showNotice = useShowNotice();
  const removal = useMutationForm({
    id: `verwijderen-${user.id}`,
    fields: [],
    mutate: async () => (await remove({ variables: { id: user.id } })).data?.removeProviderUser,
    // The row goes: the focus goes to the notice.
    onSuccess: () => {
      showNotice(`${user.name} is verwijderd en kan niet meer inloggen.`, { focus: true });
      onRemoved();
    },
  });
  return (
    <ConfirmAction
      form={removal}
      label={
        <>
          Verwijderen<span className="gw-visually-hidden"> {user.name}</span>
        </>
      }
      confirmLabel="Ja, verwijderen"
      groupLabel={`${user.name} verwijderen`}
    />
  );
}

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const [invite] = useMutation(InviteProviderUserDocument);
  const showNotice = useShowNotice();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useMutationForm({
    id: 'uitnodigen',
    fields: ['name', 'email'] as const,
    check: ruleCheck(invitationRules),
    mutate: async (values) =>
      (await invite({ variables: { input: { name: values.name, email: values.email.trim() } } })).data
        ?.inviteProviderUser,
    onSuccess: (_, data) => {
      formRef.current?.reset();
      showNotice(
        `We sturen een uitnodiging naar ${String(data.get('email')).trim()}. Met de link daarin kiest ${String(data.get('name')).trim()} een wachtwoord. Heeft dit e-mailadres al een account, dan krijgt de eigenaar in plaats daarvan een bericht.`,
        { focus: true },
      );
      onInvited();
    },
  });

  return (
    <>
      <h3 id="uitnodigen-kop">Collega uitnodigen</h3>
      <form ref={formRef} className="gw-form" {...form.props} aria-labelledby="uitnodigen-kop">
        {form.summary}
        <TextField label="Naam" autoComplete="off" required {...form.field('name')} />
        <EmailField label="E-mailadres" autoComplete="off" required {...form.field('email')} />
        <button type="submit" className="gw-button" disabled={form.busy}>
          {form.busy ? 'Bezig met versturen…' : 'Uitnodiging versturen'}
        </button>
      </form>
    </>
  );
}

function OrganisationForm({ provider }: { provider: Profile }) {
  const [update] = useMutation(UpdateMyProviderDocument);
  const showNotice = useShowNotice();
  const form = useMutationForm({
    id: 'organisatie',
    fields: ORGANISATION_FIELDS,
    check: ruleCheck(providerRules),
    mutate: async (values) => (await update({ variables: { input: values } })).data?.updateMyProvider,
    onSuccess: () => showNotice('De gegevens van uw organisatie zijn opgeslagen.', { focus: true }),
  });

  return (
    <section aria-labelledby="organisatie-kop">
      <h2 id="organisatie-kop">Gegevens van de organisatie</h2>
      <form className="gw-form" {...form.props} aria-labelledby="organisatie-kop">
        {form.summary}
        {/* useMutationForm's ids are `${id}-${field}`: the same as OrganisationFields' with this prefix. */}
        <OrganisationFields idPrefix="organisatie" defaults={provider} errors={form.errors} />
        <button type="submit" className="gw-button" disabled={form.busy}>
          {form.busy ? 'Bezig met opslaan…' : 'Gegevens opslaan'}
        </button>
      </form>
    </section>
  );
}
