import { useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import { Page } from '@/components/layout/Page';
import { graphql } from '@/graphql/generated';
import { withNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { AccountForm } from './AccountForm';

const InviteStaffAccountDocument = graphql(`
  mutation InviteStaffAccount($input: InviteStaffAccountInput!) {
    inviteStaffAccount(input: $input) {
      account {
        id
        name
        email
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** /admin/beheer/accounts/nieuw: invite a colleague with a role and municipalities. */
export default function AccountNewScreen() {
  const navigate = useNavigate();
  const [invite] = useMutation(InviteStaffAccountDocument, { refetchQueries: ['StaffAccounts'] });
  return (
    <Page
      title="Collega uitnodigen"
      crumb="Nieuw account"
      lead="Uw collega krijgt een e-mail met een link om een wachtwoord te kiezen. De link is 72 uur geldig en werkt één keer."
    >
      <AccountForm
        submitLabel="Uitnodiging versturen"
        save={async (v) => (await invite({ variables: { input: v } })).data?.inviteStaffAccount}
        onSaved={(p) =>
          void navigate(urls.admin.beheer.account(p.account!.id), {
            state: withNotice(`De uitnodiging is verstuurd naar ${p.account!.email}.`),
          })
        }
      />
    </Page>
  );
}
