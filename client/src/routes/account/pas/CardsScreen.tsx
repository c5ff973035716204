import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { formatDate } from '../../../components/dates/formatDate';
import { Page } from '../../../components/layout/Page';
import { Alert } from '../../../components/ui/Alert';
import { Loading } from '../../../components/ui/Loading';
import { QueryError } from '../../../components/ui/QueryError';
import { graphql } from '../../../graphql/generated';
import type { CardStatus, MyCardsQuery } from '../../../graphql/generated/graphql';

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

const statusLabel: Record<CardStatus, string> = {
  ACTIVE: 'Actief',
  BLOCKED: 'Geblokkeerd',
  REPLACED: 'Vervangen',
};

/** The masked number, read out as "eindigend op 1234" rather than as a row of asterisks. */
function CardNumber({ card }: { card: Card }) {
  return (
    <>
      <span aria-hidden="true">{card.maskedNumber.replace(/\*/g, '•')}</span>
      <span className="gw-visually-hidden">Pas eindigend op {card.lastDigits}</span>
    </>
  );
}

/** /account/pas: the household's cards; a lost card can be blocked. */
export default function CardsScreen() {
  const { data, loading, error, refetch } = useQuery(MyCardsDocument, { fetchPolicy: 'cache-and-network' });
  const [blockCard, blockState] = useMutation(BlockMyCardDocument, { refetchQueries: ['MyCards'] });
  const [confirming, setConfirming] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const cards = data?.myCards;

  async function onBlock(card: Card) {
    setNotice(null);
    setProblem(null);
    try {
      const payload = (await blockCard({ variables: { cardId: card.id } })).data?.blockMyCard;
      if (payload?.card) {
        setNotice(`De pas van ${card.holderName}, eindigend op ${card.lastDigits}, is geblokkeerd. Neem contact op met de gemeente voor een nieuwe pas.`);
      } else {
        setProblem(payload?.errors.map((e) => e.message).join(' ') || 'Blokkeren is niet gelukt. Probeer het opnieuw.');
      }
    } catch {
      setProblem('Blokkeren is niet gelukt door een storing. Probeer het over een paar minuten opnieuw.');
    }
    setConfirming(null);
  }

  return (
    <Page title="Pas" lead="De passen van uw huishouden. Bent u een pas kwijt? Blokkeer hem dan meteen, zodat niemand anders hem kan gebruiken.">
      <div aria-live="polite">
        {notice ? (
          <Alert variant="success">
            <p>{notice}</p>
          </Alert>
        ) : null}
      </div>
      {problem ? (
        <Alert variant="error" role="alert">
          <p>{problem}</p>
        </Alert>
      ) : null}
      <div aria-busy={loading && !data}>
        {loading && !data ? <Loading /> : null}
        {error && !data ? <QueryError message="Uw passen konden niet worden geladen." onRetry={() => void refetch()} /> : null}
        {cards && cards.length === 0 ? <p>Uw huishouden heeft nog geen pas.</p> : null}
        {cards && cards.length > 0 ? (
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
                      <CardNumber card={card} />
                    </td>
                    <td>
                      <span className="gw-tag">{statusLabel[card.status]}</span>
                      {card.blockedAt && card.status === 'BLOCKED' ? ` sinds ${formatDate(card.blockedAt)}` : null}
                    </td>
                    <td>{formatDate(card.issuedAt)}</td>
                    <td>
                      {card.status !== 'ACTIVE' ? null : confirming === card.id ? (
                        <div role="group" aria-label={`Blokkeren bevestigen voor de pas van ${card.holderName}`} className="gw-form-actions" style={{ marginTop: 0 }}>
                          <span>
                            Weet u het zeker? Een geblokkeerde pas kunt u niet meer gebruiken. Een nieuwe pas vraagt u aan bij de gemeente.
                          </span>
                          <button type="button" className="gw-button gw-button--danger" disabled={blockState.loading} onClick={() => void onBlock(card)}>
                            Ja, blokkeer deze pas
                          </button>
                          <button type="button" className="gw-button gw-button--secondary" onClick={() => setConfirming(null)}>
                            Annuleren
                          </button>
                        </div>
                      ) : (
                        <button type="button" className="gw-button gw-button--secondary" onClick={() => setConfirming(card.id)}>
                          Pas blokkeren<span className="gw-visually-hidden"> (van {card.holderName}, eindigend op {card.lastDigits})</span>
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
