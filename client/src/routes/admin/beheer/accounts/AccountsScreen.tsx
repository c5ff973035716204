import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { formatDateTime } from '@/components/dates/formatDate';
import { CheckboxField } from '@/components/forms/CheckboxField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { FilteredConnectionTable } from '@/components/lists/FilteredConnectionTable';
import { text, type Column, type Filters } from '@/components/lists';
import { statusFilter } from '@/components/lists/statusFilter';
import { useSaveSettings } from '@/components/settings/saveSettings';
import { graphql } from '@/graphql/generated';
import type { StaffAccountsQuery } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { hasPermission, useViewer } from '@/lib/viewer';
import { staffStatusLabel } from '@/vocabulary/staffAccountStatus';

const StaffAccountsDocument = graphql(`
  query StaffAccounts($filter: StaffAccountFilter, $first: Int, $after: String) {
    staffAccounts(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo {
        ...PageInfoFields @unmask
      }
      edges {
        cursor
        node {
          id
          name
          email
          status
          lastLoginAt
          twoFactorEnabled
          allMunicipalities
          role {
            id
            name
          }
          municipalities {
            id
            name
          }
        }
      }
    }
  }
`);

const SecuritySettingsDocument = graphql(`
  query SecuritySettings {
    settingsSection(section: SECURITY) {
      section
      version
      value
    }
  }
`);

type Account = StaffAccountsQuery['staffAccounts']['edges'][number]['node'];

/** ?zoek=…&status=actief|uitgenodigd|gedeactiveerd */
const filters = {
  search: text({ param: 'zoek', label: 'Naam of e-mailadres' }),
  status: statusFilter({ ACTIVE: 'actief', INVITED: 'uitgenodigd', DEACTIVATED: 'gedeactiveerd' }, staffStatusLabel),
} satisfies Filters;

const columns: Column<Account>[] = [
  {
    header: 'Naam',
    rowHeader: true,
    cell: (a) => <Link to={urls.admin.beheer.account(a.id)}>{a.name}</Link>,
  },
  { header: 'E-mailadres', cell: (a) => a.email },
  { header: 'Rol', cell: (a) => a.role.name },
  {
    header: 'Gemeenten',
    cell: (a) => (a.allMunicipalities ? 'Alle gemeenten' : a.municipalities.map((m) => m.name).join(', ')),
  },
  { header: 'Status', cell: (a) => staffStatusLabel[a.status] },
  { header: 'Tweestaps', cell: (a) => (a.twoFactorEnabled ? 'Aan' : 'Uit') },
  { header: 'Laatst ingelogd', cell: (a) => (a.lastLoginAt ? formatDateTime(a.lastLoginAt) : 'Nog nooit') },
];

/** The setting "two-factor log-in required for all staff" (section `security`), for who may change settings. */
function TwoFactorRequirement() {
  const showNotice = useShowNotice();
  const settings = useQuery(SecuritySettingsDocument);
  const save = useSaveSettings('SECURITY');
  const required = (settings.data?.settingsSection.value as { requireStaffTwoFactor?: boolean } | undefined)
    ?.requireStaffTwoFactor;
  const form = useMutationForm({
    id: 'beveiliging',
    fields: ['requireStaffTwoFactor'],
    mutate: async (_v, data) =>
      save(
        { requireStaffTwoFactor: data.get('requireStaffTwoFactor') === 'on' },
        settings.data?.settingsSection.version,
      ),
    onSuccess: (_p, data) =>
      showNotice(
        data.get('requireStaffTwoFactor') === 'on'
          ? 'Tweestapsverificatie is nu verplicht. Wie het nog niet heeft, stelt het in bij de volgende keer inloggen.'
          : 'Tweestapsverificatie is niet meer verplicht.',
      ),
  });
  if (settings.loading || required === undefined) return null;
  return (
    <section aria-labelledby="beveiliging-kop">
      <h2 id="beveiliging-kop">Beveiliging</h2>
      <form className="gw-form" {...form.props}>
        {form.summary}
        <CheckboxField
          key={String(required)}
          label="Tweestapsverificatie verplicht voor alle medewerkers"
          defaultChecked={required}
          {...form.field('requireStaffTwoFactor')}
        />
        <button type="submit" className="gw-button gw-button--secondary" disabled={form.busy}>
          Instelling opslaan
        </button>
      </form>
    </section>
  );
}

/** /admin/beheer/accounts: the staff accounts, by name; invite a colleague. */
export default function AccountsScreen() {
  const { viewer } = useViewer();
  return (
    <Page title="Accounts" lead="De accounts van medewerkers: wie welke rol heeft en voor welke gemeenten.">
      <p>
        <Link className="gw-button" to={urls.admin.beheer.newAccount()}>
          Collega uitnodigen
        </Link>
      </p>
      <FilteredConnectionTable
        query={StaffAccountsDocument}
        field="staffAccounts"
        filters={filters}
        filterLabel="Accounts filteren"
        submitLabel="Filteren"
        caption="Accounts van medewerkers"
        columns={columns}
        empty="Er zijn nog geen accounts."
        emptyFiltered="Geen accounts gevonden. Pas de filters aan, of wis ze."
        errorMessage="De accounts konden niet worden geladen."
        moreLabel="Meer accounts laden"
      />
      {hasPermission(viewer, 'SETTINGS_MANAGE') ? <TwoFactorRequirement /> : null}
    </Page>
  );
}
