import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { saveOfflineAccount } from '@/lib/offlineAccount';
import type { CardPass } from './DigitalCards';
import { formatDate } from '@/components/dates/formatDate';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { MyCardsQuery } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { StatusBadge } from '@/components/status/StatusBadge';
import { cardStatusLabel } from '@/vocabulary/cardStatus';
import { CARD_PASS_REFRESH_MS, DigitalCards, MaskedNumber, MyCardPassesDocument } from './DigitalCards';

const MyCardsDocument = graphql(`
  query MyCards {
    myCards {
      id
      personId
      holderName
      maskedNumber
      lastDigits
      status
      issuedAt
      blockedAt
    }
  }
`);

/** What else the resident needs at the counter without a connection: open orders with their codes, the budget left. */
const AccountOfflineStateDocument = graphql(`
  query AccountOfflineState {
    myOrders(first: 50) {
      edges {
        node {
          id
          number
          providerName
          pickupCode
          status
        }
      }
    }
    myAssignments {
      id
      arrangementName
      beneficiaryName
      balanceCents
      status
      validUntil
    }
  }
`);

const BlockMyCardDocument = graphql(`
  mutation BlockMyCard($cardId: ID!) {
    blockMyCard(cardId: $cardId) {
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

type Card = MyCardsQuery['myCards'][number];

const TITLE = 'Pas';
const LEAD =
  'De passen van uw huishouden. Bent u een pas kwijt? Blokkeer hem dan meteen, zodat niemand anders hem kan gebruiken.';

/** /account/pas: the digital cards (QR code), then all the household's cards; a lost card can be blocked. */
export default function CardsScreen() {
  const query = useQuery(MyCardsDocument, { fetchPolicy: 'cache-and-network' });
  // Fresh codes while the screen is open (the last known ones stay when a refresh fails).
  const passes = useQuery(MyCardPassesDocument, {
    fetchPolicy: 'cache-and-network',
    pollInterval: CARD_PASS_REFRESH_MS,
  });
  const state = useQuery(AccountOfflineStateDocument, {
    fetchPolicy: 'network-only',
    pollInterval: CARD_PASS_REFRESH_MS,
  });
  // Every fresh answer is the new last known state for use without a connection (lib/offlineAccount).
  const fresh =
    passes.data && state.data && !passes.error && !state.error ? ([passes.data, state.data] as const) : null;
  useEffect(() => {
    if (!fresh) return;
    const [p, s] = fresh;
    saveOfflineAccount({
      savedAt: new Date().toISOString(),
      passes: p.myCardPasses.map((pass) => ({ ...pass, card: { ...pass.card } })),
      orders: s.myOrders.edges
        .map((e) => e.node)
        .filter((o) => (o.status === 'PLACED' || o.status === 'ACCEPTED') && o.pickupCode),
      budgets: s.myAssignments
        .filter((a) => a.status === 'ACTIVE')
        .map(({ id, arrangementName, beneficiaryName, balanceCents, validUntil }) => ({
          id,
          arrangementName,
          beneficiaryName: beneficiaryName ?? null,
          balanceCents,
          validUntil,
        })),
    });
  }, [fresh?.[0], fresh?.[1]]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <QueryBoundary
      query={query}
      select={(data) => data.myCards}
      title={TITLE}
      errorMessage="Uw passen konden niet worden geladen."
    >
      {(cards) => <Cards cards={cards} passes={passes.data?.myCardPasses ?? []} />}
    </QueryBoundary>
  );
}

function Cards({ cards, passes }: { cards: readonly Card[]; passes: readonly CardPass[] }) {
  const [blockCard] = useMutation(BlockMyCardDocument, { refetchQueries: ['MyCards'] });
  const [confirming, setConfirming] = useState<Card | null>(null);
  const showNotice = useShowNotice();
  const blocking = useMutationForm({
    id: 'blokkeren',
    fields: [],
    mutate: async () => (await blockCard({ variables: { cardId: confirming!.id } })).data?.blockMyCard,
    onSuccess: () =>
      showNotice(
        `De pas van ${confirming!.holderName}, eindigend op ${confirming!.lastDigits}, is geblokkeerd. Neem contact op met de gemeente voor een nieuwe pas.`,
      ),
  });
  const onBlock = () => void blocking.submit().finally(() => setConfirming(null));

  return (
    <Page title={TITLE} lead={LEAD}>
      {blocking.summary}
      <DigitalCards passes={passes} offline={false} />
      <div>
        {passes.length ? <h2>Alle passen van uw huishouden</h2> : null}
        {cards.length === 0 ? <p>Uw huishouden heeft nog geen pas.</p> : null}
        {cards.length > 0 ? (
          <div className="gw-table-wrapper">
            <table className="gw-table">
              <caption className="gw-visually-hidden">Passen van uw huishouden</caption>
              <thead>
                <tr>
                  <th scope="col">Van</th>
                  <th scope="col">Pasnummer</th>
                  <th scope="col">Status</th>
                  <th scope="col">Uitgegeven op</th>
                  <th scope="col">
                    <span className="gw-visually-hidden">Actie</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {cards.map((card) => (
                  <tr key={card.id}>
                    <th scope="row">{card.holderName}</th>
                    <td>
                      <MaskedNumber card={card} />
                    </td>
                    <td>
                      <StatusBadge kind="card" status={card.status}>
                        {cardStatusLabel[card.status]}
                      </StatusBadge>
                      {card.blockedAt && card.status === 'BLOCKED' ? ` sinds ${formatDate(card.blockedAt)}` : null}
                    </td>
                    <td>{formatDate(card.issuedAt)}</td>
                    <td>
                      {card.status !== 'ACTIVE' ? null : confirming?.id === card.id ? (
                        <div
                          role="group"
                          aria-label={`Blokkeren bevestigen voor de pas van ${card.holderName}`}
                          className="gw-form-actions"
                          style={{ marginTop: 0 }}
                        >
                          <span>
                            Weet u het zeker? Een geblokkeerde pas kunt u niet meer gebruiken. Een nieuwe pas vraagt u
                            aan bij de gemeente.
                          </span>
                          <button
                            type="button"
                            className="gw-button gw-button--danger"
                            disabled={blocking.busy}
                            onClick={onBlock}
                          >
                            Ja, blokkeer deze pas
                          </button>
                          <button
                            type="button"
                            className="gw-button gw-button--secondary"
                            onClick={() => setConfirming(null)}
                          >
                            Annuleren
                          </button>
                        </div>
                      ) : (
                        <button
                          type="button"
                          className="gw-button gw-button--secondary"
                          onClick={() => setConfirming(card)}
                        >
                          Pas blokkeren
                          <span className="gw-visually-hidden">
                            {' '}
                            (van {card.holderName}, eindigend op {card.lastDigits})
                          </span>
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
    </Page>
  );
}
