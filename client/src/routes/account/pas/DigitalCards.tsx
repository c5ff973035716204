import { useLazyQuery } from '@apollo/client/react';
import { useState } from 'react';
import type { CSSProperties } from 'react';
import { formatDateTime } from '@/components/dates/formatDate';
import { QrCode } from '@/components/orders/QrCode';
import { graphql } from '@/graphql/generated';
import type { MyCardPassesQuery } from '@/graphql/generated/graphql';
import './digitalCard.css';

/**
 * The resident's digital cards (issue 30): their own and those of household members with a budget of their own, each
 * with a fresh signed code for the QR code. Asked again every 10 minutes while the screen is open and online, so the
 * code on the phone is always recent; the counter accepts it for the municipality's window (instellingen/digitale-pas).
 */
export const MyCardPassesDocument = graphql(`
  query MyCardPasses {
    myCardPasses {
      firstName
      own
      municipalityName
      color
      token
      expiresAt
      validityHours
      card {
        id
        maskedNumber
        lastDigits
      }
    }
  }
`);

/** The full number of the resident's own card, only on request ("Toon nummer"); never kept in the cache. */
const MyOwnCardDocument = graphql(`
  query MyOwnCard($cardId: ID!) {
    myOwnCard(cardId: $cardId) {
      id
      number
    }
  }
`);

export type CardPass = MyCardPassesQuery['myCardPasses'][number];

/** How often the codes are asked again while the screen is open (well within the shortest window of 1 hour). */
export const CARD_PASS_REFRESH_MS = 10 * 60_000;

/** The masked number, read out as "eindigend op 1234" rather than as a row of asterisks. */
export function MaskedNumber({ card }: { card: { maskedNumber: string; lastDigits: string } }) {
  return (
    <>
      <span aria-hidden="true">{card.maskedNumber.replace(/\*/g, '•')}</span>
      <span className="gw-visually-hidden">Pas eindigend op {card.lastDigits}</span>
    </>
  );
}

/**
 * The resident's own card number: masked, with "Toon nummer" (a toggle, aria-pressed) that asks the server for the
 * full number. The number only travels in the answer's body, never in a URL, and is not kept in the cache.
 */
function OwnCardNumber({ card, offline }: { card: CardPass['card']; offline: boolean }) {
  const [load, { data, loading, error }] = useLazyQuery(MyOwnCardDocument, { fetchPolicy: 'no-cache' });
  const [shown, setShown] = useState(false);
  const number = shown ? data?.myOwnCard?.number : null;
  const numberId = `pasnummer-${card.id}`;
  return (
    <>
      <span id={numberId} aria-live="polite" className="gw-digital-card__number">
        {number ? number : <MaskedNumber card={card} />}
      </span>{' '}
      {offline ? null : (
        <button
          type="button"
          className="gw-link-button"
          aria-pressed={shown}
          aria-controls={numberId}
          // Not disabled while loading: a disabled button would lose the keyboard focus.
          onClick={() => {
            const next = !shown;
            setShown(next);
            if (next && !data?.myOwnCard && !loading) void load({ variables: { cardId: card.id } });
          }}
        >
          Toon nummer
        </button>
      )}
      {shown && (error || (data && !data.myOwnCard)) ? (
        <span role="alert" className="gw-field__error" style={{ display: 'block' }}>
          Het pasnummer kon niet worden opgehaald. Probeer het opnieuw.
        </span>
      ) : null}
    </>
  );
}

/** One digital card: municipality, first name, masked number, and the QR code with until when it works. */
function DigitalCard({ pass, offline }: { pass: CardPass; offline: boolean }) {
  const headingId = `digitale-pas-${pass.card.id}`;
  const style = (pass.color ? { '--gw-card-color': pass.color } : {}) as CSSProperties;
  const expired = new Date(pass.expiresAt).getTime() <= Date.now();
  return (
    <li>
      <article className="gw-digital-card" style={style} aria-labelledby={headingId}>
        <p className="gw-digital-card__municipality">{pass.municipalityName}</p>
        <h3 id={headingId}>
          <span className="gw-visually-hidden">Digitale pas van</span> {pass.firstName}
        </h3>
        <p>
          {pass.own ? (
            <OwnCardNumber card={pass.card} offline={offline} />
          ) : (
            <span className="gw-digital-card__number">
              <MaskedNumber card={pass.card} />
            </span>
          )}
        </p>
        <div className="gw-digital-card__qr">
          {expired ? (
            <p role="status">
              Deze code is verlopen. Maak verbinding met internet om de pas te vernieuwen, of laat het pasnummer zien.
            </p>
          ) : (
            <>
              <QrCode value={pass.token} label={`QR-code van de pas van ${pass.firstName}`} size={208} />
              <p>Laat deze code scannen bij de aanbieder. De code werkt tot {formatDateTime(pass.expiresAt)}.</p>
            </>
          )}
        </div>
      </article>
    </li>
  );
}

/** The household's digital cards as cards; nothing when none may be shown (no active card). */
export function DigitalCards({ passes, offline }: { passes: readonly CardPass[]; offline: boolean }) {
  if (!passes.length) return null;
  return (
    <section aria-labelledby="digitale-passen">
      <h2 id="digitale-passen">Digitale pas</h2>
      <p>
        Laat de QR-code zien bij de aanbieder: die scant hem en ziet dan uw bestellingen. De code werkt ook zonder
        internet, maar niet onbeperkt: open deze pagina af en toe met internet, dan krijgt u een nieuwe code.
      </p>
      <ul className="gw-digital-cards">
        {passes.map((pass) => (
          <DigitalCard key={pass.card.id} pass={pass} offline={offline} />
        ))}
      </ul>
    </section>
  );
}
