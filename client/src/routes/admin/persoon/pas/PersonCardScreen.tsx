import { useMutation, useQuery } from '@apollo/client/react';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { formatDateTime } from '@/components/dates/formatDate';
import { useMutationForm } from '@/components/forms/useMutationForm';
import type { FormError } from '@/components/forms/userErrors';
import { Page } from '@/components/layout/Page';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { AdminPersonCardsQuery } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { hasPermission, useViewer } from '@/lib/viewer';
import { RecordNotFound } from '@/components/ui/RecordNotFound';
import { formatCardNumber, PersonNav } from '../personShared';
import { cardStatusLabel } from '@/vocabulary/cardStatus';
import { StatusBadge } from '@/components/status/StatusBadge';
import { DataTable } from '@/components/ui/DataTable';

const AdminPersonCardsDocument = graphql(`
  query AdminPersonCards($externalIdentifier: String!) {
    person(externalIdentifier: $externalIdentifier) {
      id
      externalIdentifier
      fullName
      erasedAt
      cards {
        id
        number
        lastDigits
        status
        issuedAt
        blockedAt
      }
    }
  }
`);

const IssueCardDocument = graphql(`
  mutation IssueCard($personId: ID!) {
    issueCard(personId: $personId) {
      card {
        id
        number
        lastDigits
        status
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const BlockCardDocument = graphql(`
  mutation BlockCard($cardId: ID!) {
    blockCard(cardId: $cardId) {
      card {
        id
        status
        blockedAt
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const ReplaceCardDocument = graphql(`
  mutation ReplaceCard($cardId: ID!) {
    replaceCard(cardId: $cardId) {
      card {
        id
        number
        lastDigits
        status
      }
      replacedCard {
        id
        status
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type Pending = { cardId: string; action: 'block' | 'replace' } | null;
type Person = NonNullable<AdminPersonCardsQuery['person']>;
/** A card action's payload errors, and the notice to show when it worked. */
type Outcome = { errors: readonly FormError[]; notice: string };

/** /admin/persoon/:externalIdentifier/pas: the person's cards; with CARD_MANAGE: issue, block and replace. */
export default function PersonCardScreen() {
  const { externalIdentifier = '' } = useParams();
  return (
    <QueryBoundary
      query={useQuery(AdminPersonCardsDocument, { variables: { externalIdentifier }, fetchPolicy: 'network-only' })}
      select={(data) => data.person}
      title="Pas"
      errorMessage="De passen konden niet worden geladen."
      notFound={<RecordNotFound title="Persoon niet gevonden" />}
    >
      {(person) => <PersonCards person={person} />}
    </QueryBoundary>
  );
}

function PersonCards({ person }: { person: Person }) {
  const { viewer } = useViewer();
  const showNotice = useShowNotice();
  const refetchQueries = ['AdminPersonCards', 'AdminClientGroup'];
  const [issue] = useMutation(IssueCardDocument, { refetchQueries });
  const [block] = useMutation(BlockCardDocument, { refetchQueries });
  const [replace] = useMutation(ReplaceCardDocument, { refetchQueries });
  const [pending, setPending] = useState<Pending>(null);
  // The action the one form sends: issue, block or replace, each with its own notice.
  const next = useRef<() => Promise<Outcome | undefined>>(async () => undefined);
  const action = useMutationForm({
    id: 'pas',
    fields: [],
    mutate: () => next.current(),
    onSuccess: (outcome) => showNotice(outcome.notice),
  });
  const run = (send: () => Promise<Outcome | undefined>) => {
    next.current = send;
    void action.submit().finally(() => setPending(null));
  };
  const canManage = hasPermission(viewer, 'CARD_MANAGE');
  const hasActive = person.cards.some((c) => c.status === 'ACTIVE');
  const busy = action.busy;

  const onIssue = () =>
    run(async () => {
      const r = (await issue({ variables: { personId: person.id } })).data?.issueCard;
      return r && { errors: r.errors, notice: `Er is een nieuwe pas uitgegeven, eindigend op ${r.card?.lastDigits}.` };
    });
  const onBlock = (cardId: string, lastDigits: string) =>
    run(async () => {
      const r = (await block({ variables: { cardId } })).data?.blockCard;
      return (
        r && {
          errors: r.errors,
          notice: `De pas eindigend op ${lastDigits} is geblokkeerd. Hij werkt niet meer bij aanbieders.`,
        }
      );
    });
  const onReplace = (cardId: string, lastDigits: string) =>
    run(async () => {
      const r = (await replace({ variables: { cardId } })).data?.replaceCard;
      return (
        r && {
          errors: r.errors,
          notice: `De pas eindigend op ${lastDigits} is vervangen. De nieuwe pas eindigt op ${r.card?.lastDigits}.`,
        }
      );
    });

  return (
    <Page
      title={`Pas van ${person.fullName}`}
      crumb="Pas"
      lead="Een persoon heeft hoogstens één actieve pas. Een geblokkeerde of vervangen pas werkt niet meer bij aanbieders."
    >
      <PersonNav externalIdentifier={person.externalIdentifier} />
      {action.summary}
      {person.cards.length === 0 ? (
        <p>Deze persoon heeft nog geen pas.</p>
      ) : (
        <DataTable
          caption={`Passen van ${person.fullName}`}
          hideCaption
          headers={['Pasnummer', 'Status', 'Uitgegeven', 'Geblokkeerd of vervangen', ...(canManage ? ['Acties'] : [])]}
        >
          {person.cards.map((c) => (
            <tr key={c.id}>
              <th scope="row">{c.number ? formatCardNumber(c.number) : `eindigend op ${c.lastDigits}`}</th>
              <td>
                <StatusBadge kind="card" status={c.status}>
                  {cardStatusLabel[c.status]}
                </StatusBadge>
              </td>
              <td>{formatDateTime(c.issuedAt)}</td>
              <td>{c.blockedAt ? formatDateTime(c.blockedAt) : '–'}</td>
              {canManage ? (
                <td>
                  {pending?.cardId === c.id ? (
                    <div
                      role="group"
                      aria-label={`Bevestigen voor pas eindigend op ${c.lastDigits}`}
                      className="gw-form-actions"
                      style={{ marginTop: 0 }}
                    >
                      <span>
                        {pending.action === 'block'
                          ? `Pas eindigend op ${c.lastDigits} blokkeren?`
                          : `Pas eindigend op ${c.lastDigits} vervangen door een nieuwe pas?`}
                      </span>
                      <button
                        type="button"
                        className="gw-button gw-button--danger"
                        disabled={busy}
                        onClick={() =>
                          pending.action === 'block' ? onBlock(c.id, c.lastDigits) : onReplace(c.id, c.lastDigits)
                        }
                      >
                        {pending.action === 'block' ? 'Ja, blokkeer deze pas' : 'Ja, vervang deze pas'}
                      </button>
                      <button type="button" className="gw-button gw-button--secondary" onClick={() => setPending(null)}>
                        Annuleren
                      </button>
                    </div>
                  ) : c.status === 'REPLACED' || person.erasedAt ? (
                    <span className="gw-muted">Geen</span>
                  ) : (
                    <div className="gw-form-actions" style={{ marginTop: 0 }}>
                      {c.status === 'ACTIVE' ? (
                        <button
                          type="button"
                          className="gw-button gw-button--secondary"
                          onClick={() => setPending({ cardId: c.id, action: 'block' })}
                        >
                          Blokkeren<span className="gw-visually-hidden"> (pas eindigend op {c.lastDigits})</span>
                        </button>
                      ) : null}
                      {c.status === 'ACTIVE' || !hasActive ? (
                        <button
                          type="button"
                          className="gw-button gw-button--secondary"
                          onClick={() => setPending({ cardId: c.id, action: 'replace' })}
                        >
                          Vervangen<span className="gw-visually-hidden"> (pas eindigend op {c.lastDigits})</span>
                        </button>
                      ) : null}
                    </div>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
      )}
      {canManage && !hasActive && !person.erasedAt ? (
        <p>
          <button type="button" className="gw-button" disabled={busy} onClick={onIssue}>
            Nieuwe pas uitgeven
          </button>
        </p>
      ) : null}
      {!canManage ? (
        <p className="gw-muted">Uw rol mag passen bekijken, maar niet blokkeren, vervangen of uitgeven.</p>
      ) : null}
    </Page>
  );
}
