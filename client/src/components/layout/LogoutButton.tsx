import { useApolloClient, useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import { graphql } from '../../graphql/generated';
import { urls } from '../../lib/urls';
import { clearOfflineAccount } from '../../lib/offlineAccount';

export const LogoutDocument = graphql(`
  mutation Logout {
    logout
  }
`);

/** Ends the session, forgets every cached answer (and the offline state) and goes to the home page. */
export function LogoutButton({ className = 'gw-link-button' }: { className?: string }) {
  const [logout, { loading }] = useMutation(LogoutDocument);
  const client = useApolloClient();
  const navigate = useNavigate();

  async function handleClick() {
    // The resident's last known card, orders and budget (for use without a connection) go first.
    await clearOfflineAccount();
    try {
      await logout();
    } catch {
      // Even when the server cannot be reached, leave the account area; the viewer query
      // refetched below shows the real state.
    }
    await navigate(urls.home());
    try {
      await client.resetStore();
    } catch {
      // A failing refetch is shown by the screens themselves.
    }
  }

  return (
    <button type="button" className={className} onClick={handleClick} disabled={loading}>
      Uitloggen
    </button>
  );
}
