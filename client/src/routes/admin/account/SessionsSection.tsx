import { useMutation } from '@apollo/client/react';
import { formatDateTime } from '@/components/dates/formatDate';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { graphql } from '@/graphql/generated';
import { useShowNotice } from '@/lib/notice';
import type { Account } from './account.graphql';
import { DataTable } from '@/components/ui/DataTable';

const LogoutOwnSessionsElsewhereDocument = graphql(`
  mutation LogoutOwnSessionsElsewhere {
    logoutOwnSessionsElsewhere {
      account {
        ...OwnStaffAccountFields @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

function describeBrowser(agent: string | null): string {
  if (!agent) return 'Onbekende browser';
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrome\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : 'Browser';
  const system = /Windows/.test(agent)
    ? 'Windows'
    : /Android/.test(agent)
      ? 'Android'
      : /iPhone|iPad/.test(agent)
        ? 'iOS'
        : /Mac OS/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : null;
  return system ? `${browser} op ${system}` : browser;
}

export function SessionsSection({ account }: { account: Account }) {
  const showNotice = useShowNotice();
  const [logout] = useMutation(LogoutOwnSessionsElsewhereDocument);
  const form = useMutationForm({
    id: 'sessies',
    fields: [],
    mutate: async () => (await logout()).data?.logoutOwnSessionsElsewhere,
    onSuccess: () => showNotice('U bent op alle andere apparaten uitgelogd.'),
  });
  const others = account.sessions.filter((s) => !s.current).length;
  return (
    <section aria-labelledby="sessies-kop">
      <h2 id="sessies-kop">Waar u bent ingelogd</h2>
      <DataTable caption="Uw sessies" headers={['Browser', 'Ingelogd op', 'Laatst actief']}>
        {account.sessions.map((s) => (
          <tr key={s.id}>
            <th scope="row">
              {describeBrowser(s.userAgent ?? null)}
              {s.current ? ' (deze browser)' : ''}
            </th>
            <td>{formatDateTime(s.createdAt)}</td>
            <td>{formatDateTime(s.lastSeenAt)}</td>
          </tr>
        ))}
      </DataTable>
      {others > 0 ? (
        <form className="gw-form" {...form.props}>
          {form.summary}
          <button type="submit" className="gw-button gw-button--secondary" disabled={form.busy}>
            Overal anders uitloggen
          </button>
        </form>
      ) : (
        <p>U bent nergens anders ingelogd.</p>
      )}
    </section>
  );
}
