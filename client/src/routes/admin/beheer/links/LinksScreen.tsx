import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/layout/Page';
import { Loading } from '@/components/ui/Loading';
import { QueryError } from '@/components/ui/QueryError';
import { graphql } from '@/graphql/generated';
import type { AdminLinksQuery, LinkPlacement } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';
import { placementLabel } from './LinkForm';
import { DataTable } from '@/components/ui/DataTable';

const AdminLinksDocument = graphql(`
  query AdminLinks {
    links {
      id
      label
      url
      placement
    }
  }
`);

const MoveLinkDocument = graphql(`
  mutation MoveLink($id: ID!, $direction: Int!) {
    moveLink(id: $id, direction: $direction) {
      link {
        id
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type ManagedLink = AdminLinksQuery['links'][number];
type Direction = -1 | 1;

/** /admin/beheer/links: the managed links per place, in their order, moved with real buttons. */
export default function LinksScreen() {
  const { data, loading, error, refetch } = useQuery(AdminLinksDocument);
  const [move] = useMutation(MoveLinkDocument, {
    refetchQueries: ['AdminLinks', 'PublicSite'],
    awaitRefetchQueries: true,
  });
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [focusAfter, setFocusAfter] = useState<{ id: string; direction: Direction } | null>(null);
  const table = useRef<HTMLDivElement>(null);

  // After a move the focus stays on the same button of the moved link (or its other one at the edge).
  useEffect(() => {
    if (!focusAfter || !table.current) return;
    const pick = (d: Direction) =>
      table.current!.querySelector<HTMLButtonElement>(
        `button[data-link="${focusAfter.id}"][data-direction="${d}"]:not([disabled])`,
      );
    (pick(focusAfter.direction) ?? pick(focusAfter.direction === 1 ? -1 : 1))?.focus();
    setFocusAfter(null);
  }, [data, focusAfter]);

  async function onMove(link: ManagedLink, direction: Direction) {
    if (busy) return;
    setBusy(true);
    try {
      const result = await move({ variables: { id: link.id, direction } });
      const errors = result.data?.moveLink.errors ?? [];
      setStatus(
        errors.length
          ? errors.map((e) => e.message).join(' ')
          : `‘${link.label}’ is een plaats ${direction < 0 ? 'omhoog' : 'omlaag'} gezet.`,
      );
      setFocusAfter({ id: link.id, direction });
    } catch {
      setStatus('De volgorde kon niet worden gewijzigd. Probeer het opnieuw.');
    } finally {
      setBusy(false);
    }
  }

  const groups = (Object.keys(placementLabel) as LinkPlacement[]).map((placement) => ({
    placement,
    links: (data?.links ?? []).filter((l) => l.placement === placement),
  }));

  return (
    <Page
      title="Links"
      lead="De links onderaan elke pagina, bij ‘Over deze website’ en bij de handige links, met deze teksten en in deze volgorde. Een link naar een pagina van de website zelf (zoals /privacy) komt in de plaats van de vaste link naar die pagina."
    >
      <ul className="gw-actions gw-plain-list">
        <li>
          <Link className="gw-button" to={urls.admin.beheer.newLink()}>
            Nieuwe link
          </Link>
        </li>
      </ul>
      <p role="status" className="gw-muted">
        {status}
      </p>
      {loading && !data ? <Loading /> : null}
      {error && !data ? (
        <QueryError message="De links konden niet worden geladen." onRetry={() => void refetch()} />
      ) : null}
      {data ? (
        <div ref={table}>
          {groups.map(({ placement, links }) => (
            <section key={placement} aria-labelledby={`links-${placement}`}>
              <h2 id={`links-${placement}`}>{placementLabel[placement]}</h2>
              {links.length === 0 ? (
                <p>Hier staan nog geen links. Voeg er een toe met ‘Nieuwe link’.</p>
              ) : (
                <DataTable caption={placementLabel[placement]} hideCaption headers={['Tekst', 'Adres', 'Volgorde']}>
                  {links.map((link, index) => (
                    <tr key={link.id}>
                      <th scope="row">
                        <Link to={urls.admin.beheer.link(link.id)}>{link.label}</Link>
                      </th>
                      <td>{link.url}</td>
                      <td>
                        <button
                          type="button"
                          className="gw-button gw-button--secondary gw-button--small"
                          data-link={link.id}
                          data-direction={-1}
                          disabled={index === 0 || busy}
                          aria-label={`${link.label} omhoog`}
                          onClick={() => void onMove(link, -1)}
                        >
                          Omhoog
                        </button>{' '}
                        <button
                          type="button"
                          className="gw-button gw-button--secondary gw-button--small"
                          data-link={link.id}
                          data-direction={1}
                          disabled={index === links.length - 1 || busy}
                          aria-label={`${link.label} omlaag`}
                          onClick={() => void onMove(link, 1)}
                        >
                          Omlaag
                        </button>
                      </td>
                    </tr>
                  ))}
                </DataTable>
              )}
            </section>
          ))}
        </div>
      ) : null}
    </Page>
  );
}
