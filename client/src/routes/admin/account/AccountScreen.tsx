import { useQuery } from '@apollo/client/react';
import { Page } from '@/components/layout/Page';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { OwnStaffAccountDocument } from './account.graphql';
import { EmailConfirmation } from './EmailConfirmation';
import { EmailSection } from './EmailSection';
import { NameSection } from './NameSection';
import { PasswordSection } from './PasswordSection';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';

/** /admin/account: the own staff account — name, e-mail address, password, two-factor log-in and sessions. */
export default function AccountScreen() {
  const query = useQuery(OwnStaffAccountDocument);
  return (
    <QueryBoundary
      query={query}
      select={(d) => d.ownStaffAccount}
      title="Mijn account"
      errorMessage="Uw account kon niet worden geladen."
    >
      {(account) => (
        <Page title="Mijn account" lead={`U bent ingelogd als ${account.email}, met de rol ${account.roleName}.`}>
          <EmailConfirmation />
          <NameSection account={account} />
          <EmailSection />
          <PasswordSection />
          <TwoFactorSection account={account} />
          <SessionsSection account={account} />
        </Page>
      )}
    </QueryBoundary>
  );
}
