import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { graphql } from '../../graphql/generated';
import { urls } from '../../lib/urls';

export const OperatorActBannerDocument = graphql(`
  query OperatorActBanner {
    viewer {
      kind
      operatorAct {
        municipalityId
        municipalityName
        reason
        until
      }
    }
  }
`);

const StopActingDocument = graphql(`
  mutation StopActingFromBanner {
    stopOperatorAct {
      errors {
        code
        message
      }
    }
  }
`);

const time = new Intl.DateTimeFormat('nl-NL', { timeStyle: 'short', timeZone: 'Europe/Amsterdam' });

/** The operator acting in this municipality now (null for everyone else): the admin layout leaves out "Account". */
export function useOperatorAct() {
  const { data } = useQuery(OperatorActBannerDocument, { fetchPolicy: 'cache-first' });
  return data?.viewer.operatorAct ?? null;
}

/**
 * The admin area while an operator of Lightbase acts in a municipality: on every page, where, why and until when, and
 * "Stoppen" (back to the console). Nothing for anyone else.
 */
export function OperatorBanner() {
  const { data } = useQuery(OperatorActBannerDocument, { fetchPolicy: 'cache-and-network' });
  const [stop, { loading }] = useMutation(StopActingDocument);
  const act = data?.viewer.operatorAct;
  const until = act?.until;
  // At the time limit the acting ends (the server refuses from then on): back to the console.
  useEffect(() => {
    if (!until) return;
    const timer = window.setTimeout(
      () => window.location.assign(urls.internal.console()),
      Math.max(0, new Date(until).getTime() - Date.now()) + 1000,
    );
    return () => window.clearTimeout(timer);
  }, [until]);
  if (!act) return null;
  return (
    <section className="gw-operator-banner" aria-label="Werken als operator">
      <div className="gw-container gw-alert gw-alert--warning">
        <p>
          <strong>U werkt als operator van Lightbase in {act.municipalityName}</strong> — reden: {act.reason} — tot{' '}
          {time.format(new Date(act.until))}{' '}
          <button
            type="button"
            className="gw-button gw-button--secondary gw-button--small"
            disabled={loading}
            onClick={() =>
              void stop()
                .catch(() => undefined)
                .then(() => window.location.assign(urls.internal.console()))
            }
          >
            Stoppen
          </button>
        </p>
      </div>
    </section>
  );
}
