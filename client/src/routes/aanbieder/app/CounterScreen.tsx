import { useApolloClient, useMutation } from '@apollo/client/react';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../../components/forms/TextField';
import { Page } from '../../../components/layout/Page';
import { Money } from '../../../components/money/Money';
import { OrderStatusBadge } from '../../../components/orders/OrderStatusBadge';
import { Alert } from '../../../components/ui/Alert';
import { graphql } from '../../../graphql/generated';
import type { CounterLookupQuery } from '../../../graphql/generated/graphql';
import { urls } from '../../../lib/urls';
import { DeliverOrderDocument, SERVICE_ERROR } from '../bestellingen/orderActions';
import '../bestellingen/orderWork.css';
import { CameraScanner, canScan } from './CameraScanner';
import { cardEnding, compactCode, counterCodeProblem } from './counterCode';

const CounterLookupDocument = graphql(`
  query CounterLookup($code: String!) {
    counterLookup(code: $code) {
      matchedBy
      customerFirstName
      errors {
        ...UserErrorFields @unmask
      }
      orders {
        id
        number
        status
        createdAt
        totalCents
        pickupCode
        lines {
          id
          title
          quantity
        }
      }
    }
  }
`);

type Lookup = CounterLookupQuery['counterLookup'];
type FoundOrder = Lookup['orders'][number];

interface Result {
  firstName: string | null;
  /** What was found, in words: "pas eindigend op 0209" or "afhaalcode ABCD2345". */
  foundWith: string;
  orders: FoundOrder[];
}

/**
 * The counter screen: the provider types or scans a customer's card number or a pickup code, sees that customer's
 * open orders with this organisation, and hands them over (marks them delivered). Nothing else about the customer
 * is shown than the first name.
 */
export default function CounterScreen() {
  const client = useApolloClient();
  const [deliver] = useMutation(DeliverOrderDocument, { refetchQueries: ['ProviderOrders'] });
  const [codeError, setCodeError] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [delivering, setDelivering] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const scanSupported = canScan();

  async function lookup(raw: string) {
    setNotice(null);
    setFailure(null);
    const problem = counterCodeProblem(raw);
    if (problem) {
      setCodeError(problem);
      setResult(null);
      input.current?.focus();
      return;
    }
    setCodeError(null);
    setSearching(true);
    try {
      const { data } = await client.query({ query: CounterLookupDocument, variables: { code: raw }, fetchPolicy: 'no-cache' });
      const found = data?.counterLookup;
      if (!found) throw new Error('no data');
      if (found.errors.length) {
        setCodeError(found.errors.map((e) => e.message).join(' '));
        setResult(null);
        input.current?.focus();
        return;
      }
      const code = compactCode(raw);
      setResult({
        firstName: found.customerFirstName,
        foundWith: found.matchedBy === 'CARD' ? `pas eindigend op ${cardEnding(code)}` : `afhaalcode ${code}`,
        orders: found.orders,
      });
      // The card number does not stay on the screen.
      if (input.current) input.current.value = '';
      window.setTimeout(() => resultHeading.current?.focus(), 0);
    } catch {
      setFailure(SERVICE_ERROR);
    } finally {
      setSearching(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void lookup(String(new FormData(event.currentTarget).get('code') ?? ''));
  }

  async function onDeliver(order: FoundOrder) {
    setNotice(null);
    setFailure(null);
    setDelivering(order.id);
    try {
      const response = await deliver({ variables: { id: order.id } });
      const errors = response.data?.deliverOrder.errors ?? [];
      if (errors.length) {
        setFailure(errors.map((e) => e.message).join(' '));
        return;
      }
      setResult((current) => (current ? { ...current, orders: current.orders.filter((o) => o.id !== order.id) } : current));
      setNotice(`Bestelling ${order.number} is als geleverd gemeld.`);
      resultHeading.current?.focus();
    } catch {
      setFailure(SERVICE_ERROR);
    } finally {
      setDelivering(null);
    }
  }

  const name = result?.firstName ?? 'deze klant';

  return (
    <Page
      title="Kassa-app"
      lead="Typ of scan het pasnummer van de klant of de afhaalcode van een bestelling. U ziet dan de open bestellingen van die klant bij uw organisatie en kunt ze als geleverd melden."
    >
      <form className="gw-search" noValidate onSubmit={onSubmit} aria-label="Klant zoeken">
        <TextField
          ref={input}
          label="Pasnummer of afhaalcode"
          name="code"
          hint="Een pasnummer heeft 10 cijfers (spaties mogen). Een afhaalcode heeft 8 letters en cijfers."
          error={codeError}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
        />
        <button type="submit" className="gw-button" disabled={searching}>
          {searching ? 'Bezig met zoeken…' : 'Zoeken'}
        </button>
        {scanSupported && !scanning ? (
          <button type="button" className="gw-button gw-button--secondary" onClick={() => setScanning(true)}>
            Scannen met de camera
          </button>
        ) : null}
      </form>
      {scanning ? (
        <CameraScanner
          onCode={(code) => {
            setScanning(false);
            if (input.current) input.current.value = code;
            void lookup(code);
          }}
          onClose={() => setScanning(false)}
        />
      ) : null}

      {failure ? (
        <Alert variant="error" role="alert">
          <p>{failure}</p>
        </Alert>
      ) : null}

      <section aria-labelledby="resultaat-kop" hidden={!result}>
        <h2 id="resultaat-kop" ref={resultHeading} tabIndex={-1}>
          {result ? `Open bestellingen van ${name}` : 'Resultaat'}
        </h2>
        <div role="status">{notice ? <Alert variant="success"><p>{notice}</p></Alert> : null}</div>
        {result ? (
          <>
            <p className="gw-muted">Gevonden met {result.foundWith}.</p>
            {result.orders.length === 0 ? (
              <p>{result.firstName ? `${result.firstName} heeft` : 'Deze klant heeft'} geen open bestellingen bij uw organisatie.</p>
            ) : (
              <ul className="gw-counter-orders">
                {result.orders.map((order) => (
                  <li key={order.id} className="gw-counter-order">
                    <h3>
                      <Link to={urls.provider.order(order.id)}>Bestelling {order.number}</Link>
                    </h3>
                    <p>
                      <OrderStatusBadge status={order.status} /> Afhaalcode <strong className="gw-code">{order.pickupCode}</strong>
                    </p>
                    <ul>
                      {order.lines.map((line) => (
                        <li key={line.id}>
                          {line.quantity} × {line.title}
                        </li>
                      ))}
                    </ul>
                    <p>
                      Totaal <Money cents={order.totalCents} />
                    </p>
                    <button
                      type="button"
                      className="gw-button"
                      disabled={delivering !== null}
                      onClick={() => void onDeliver(order)}
                      aria-label={`Bestelling ${order.number} markeren als geleverd`}
                    >
                      {delivering === order.id ? 'Bezig…' : 'Markeren als geleverd'}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : null}
      </section>
    </Page>
  );
}
