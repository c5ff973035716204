import { useMutation, useQuery } from '@apollo/client/react';
import { useParams } from 'react-router';
import { formatDateTime } from '@/components/dates/formatDate';
import { ConfirmAction } from '@/components/forms/ConfirmAction';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { StaffAccountQuery } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { AccountForm } from './AccountForm';
import { staffStatusLabel } from '@/vocabulary/staffAccountStatus';

const StaffAccountDocument = graphql(`
  query StaffAccount($id: ID!) {
    staffAccount(id: $id) {
      ...StaffAccountDetails @unmask
    }
  }
`);

graphql(`
  fragment StaffAccountDetails on StaffAccount {
    id
    name
    email
    status
    lastLoginAt
    createdAt
    twoFactorEnabled
    isViewer
    manageable
    apiClientCount
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
`);

const UpdateStaffAccountDocument = graphql(`
  mutation UpdateStaffAccount($input: UpdateStaffAccountInput!) {
    updateStaffAccount(input: $input) {
      account {
        ...StaffAccountDetails @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const DeactivateStaffAccountDocument = graphql(`
  mutation DeactivateStaffAccount($id: ID!) {
    deactivateStaffAccount(id: $id) {
      account {
        ...StaffAccountDetails @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const ReactivateStaffAccountDocument = graphql(`
  mutation ReactivateStaffAccount($id: ID!) {
    reactivateStaffAccount(id: $id) {
      account {
        ...StaffAccountDetails @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const ResetStaffTwoFactorDocument = graphql(`
  mutation ResetStaffTwoFactor($id: ID!) {
    resetStaffTwoFactor(id: $id) {
      account {
        ...StaffAccountDetails @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const ResendStaffInvitationDocument = graphql(`
  mutation ResendStaffInvitation($id: ID!) {
    resendStaffInvitation(id: $id) {
      account {
        ...StaffAccountDetails @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type Account = NonNullable<StaffAccountQuery['staffAccount']>;

/** /admin/beheer/accounts/{accountId}: a colleague's role and municipalities, access and two-factor log-in. */
export default function AccountEditScreen() {
  const { accountId = '' } = useParams();
  const query = useQuery(StaffAccountDocument, { variables: { id: accountId } });
  return (
    <QueryBoundary
      query={query}
      select={(d) => d.staffAccount}
      title="Account bewerken"
      errorMessage="Dit account kon niet worden geladen."
    >
      {(account) => <AccountEdit account={account} />}
    </QueryBoundary>
  );
}

function AccountEdit({ account }: { account: Account }) {
  const showNotice = useShowNotice();
  const refetchQueries = ['StaffAccounts'];
  const [update] = useMutation(UpdateStaffAccountDocument, { refetchQueries });
  const [deactivate] = useMutation(DeactivateStaffAccountDocument, { refetchQueries });
  const [reactivate] = useMutation(ReactivateStaffAccountDocument, { refetchQueries });
  const [resetTwoFactor] = useMutation(ResetStaffTwoFactorDocument, { refetchQueries });
  const [resend] = useMutation(ResendStaffInvitationDocument);
  const access = useMutationForm({
    id: 'toegang',
    fields: [],
    mutate: async () =>
      account.status === 'DEACTIVATED'
        ? (await reactivate({ variables: { id: account.id } })).data?.reactivateStaffAccount
        : (await deactivate({ variables: { id: account.id } })).data?.deactivateStaffAccount,
    onSuccess: (p) =>
      showNotice(
        p.account?.status === 'DEACTIVATED'
          ? `${account.name} kan niet meer inloggen. Alle sessies van dit account zijn beëindigd.`
          : `${account.name} kan weer inloggen.`,
      ),
  });
  const twoFactor = useMutationForm({
    id: 'tweestaps',
    fields: [],
    mutate: async () => (await resetTwoFactor({ variables: { id: account.id } })).data?.resetStaffTwoFactor,
    onSuccess: () => showNotice(`Tweestapsverificatie van ${account.name} staat uit. Uw collega stelt het opnieuw in.`),
  });
  const invitation = useMutationForm({
    id: 'uitnodiging',
    fields: [],
    mutate: async () => (await resend({ variables: { id: account.id } })).data?.resendStaffInvitation,
    onSuccess: () => showNotice(`Een nieuwe uitnodiging is verstuurd naar ${account.email}.`),
  });
  const locked = account.isViewer || !account.manageable;
  return (
    <Page title={account.name} crumb="Account bewerken">
      <dl className="gw-definition-list">
        <dt>E-mailadres</dt>
        <dd>{account.email}</dd>
        <dt>Status</dt>
        <dd>{staffStatusLabel[account.status]}</dd>
        <dt>Laatst ingelogd</dt>
        <dd>{account.lastLoginAt ? formatDateTime(account.lastLoginAt) : 'Nog nooit'}</dd>
        <dt>Tweestapsverificatie</dt>
        <dd>{account.twoFactorEnabled ? 'Aan' : 'Uit'}</dd>
      </dl>
      {account.isViewer ? (
        <p className="gw-alert">
          Dit is uw eigen account. Uw rol, gemeenten en toegang wijzigt een collega; uw naam, e-mailadres, wachtwoord en
          tweestapsverificatie wijzigt u op de pagina Mijn account.
        </p>
      ) : !account.manageable ? (
        <p className="gw-alert">
          Dit account heeft rechten of gemeenten die u zelf niet heeft. Alleen een collega met minstens die rechten kan
          het wijzigen.
        </p>
      ) : null}
      {locked ? null : (
        <>
          <section aria-labelledby="gegevens-kop">
            <h2 id="gegevens-kop">Rol en gemeenten</h2>
            <AccountForm
              key={`${account.role.id}|${account.allMunicipalities}|${account.municipalities.map((m) => m.id).join()}`}
              editing
              initial={{
                name: account.name,
                email: account.email,
                roleId: account.role.id,
                allMunicipalities: account.allMunicipalities,
                municipalityIds: account.municipalities.map((m) => m.id),
              }}
              submitLabel="Wijzigingen opslaan"
              save={async (v) =>
                (
                  await update({
                    variables: {
                      input: {
                        id: account.id,
                        name: v.name,
                        roleId: v.roleId,
                        allMunicipalities: v.allMunicipalities,
                        municipalityIds: v.municipalityIds,
                      },
                    },
                  })
                ).data?.updateStaffAccount
              }
              onSaved={() => showNotice('De wijzigingen zijn opgeslagen.')}
            />
          </section>
          {account.status === 'INVITED' ? (
            <section aria-labelledby="uitnodiging-kop">
              <h2 id="uitnodiging-kop">Uitnodiging</h2>
              <p>Uw collega heeft nog geen wachtwoord gekozen. Een nieuwe uitnodiging maakt de vorige link ongeldig.</p>
              <ConfirmAction
                form={invitation}
                label="Uitnodiging opnieuw versturen"
                confirmLabel="Ja, verstuur een nieuwe uitnodiging"
                groupLabel="Uitnodiging opnieuw versturen bevestigen"
              />
            </section>
          ) : null}
          {account.twoFactorEnabled ? (
            <section aria-labelledby="tweestaps-kop">
              <h2 id="tweestaps-kop">Tweestapsverificatie</h2>
              <p>
                Heeft uw collega de telefoon met de authenticator-app niet meer en ook geen herstelcodes? Zet
                tweestapsverificatie dan uit. Uw collega wordt uitgelogd en stelt het bij de volgende keer inloggen
                opnieuw in.
              </p>
              <ConfirmAction
                form={twoFactor}
                label="Tweestapsverificatie uitzetten"
                confirmLabel="Ja, zet tweestapsverificatie uit"
                groupLabel="Tweestapsverificatie uitzetten bevestigen"
              />
            </section>
          ) : null}
          <section aria-labelledby="toegang-kop">
            <h2 id="toegang-kop">Toegang</h2>
            {account.status === 'DEACTIVATED' ? (
              <>
                <p>Dit account is gedeactiveerd: uw collega kan niet inloggen.</p>
                <ConfirmAction
                  form={access}
                  label="Account weer activeren"
                  confirmLabel="Ja, activeer dit account"
                  groupLabel="Activeren bevestigen"
                />
              </>
            ) : (
              <>
                <p>Na deactiveren kan uw collega niet meer inloggen en worden alle sessies direct beëindigd.</p>
                {account.apiClientCount > 0 ? (
                  <p className="gw-alert gw-alert--warning">
                    {account.apiClientCount === 1
                      ? 'Ook 1 API-koppeling die deze collega beheert, stopt dan met werken'
                      : `Ook ${account.apiClientCount} API-koppelingen die deze collega beheert, stoppen dan met werken`}
                    : een koppeling werkt met de rechten van haar beheerder. Een collega met dezelfde rechten kan ze
                    overnemen op de pagina API-koppelingen.
                  </p>
                ) : null}
                <ConfirmAction
                  form={access}
                  label="Account deactiveren"
                  confirmLabel="Ja, deactiveer dit account"
                  groupLabel="Deactiveren bevestigen"
                />
              </>
            )}
          </section>
        </>
      )}
    </Page>
  );
}
