import { useApolloClient, useMutation } from '@apollo/client/react';
import { counterCodeRule } from '@rules/counter';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ruleCheck } from '../../../components/forms/ruleCheck';
import { TextField } from '../../../components/forms/TextField';
import { useMutationForm } from '../../../components/forms/useMutationForm';
import { Page } from '../../../components/layout/Page';
import { Money } from '../../../components/money/Money';
import { DeliverOrderDocument } from '../../../components/orders/orderActions';
import { OrderStatusBadge } from '../../../components/orders/OrderStatusBadge';
import '../../../components/orders/orderWork.css';
import { Alert } from '../../../components/ui/Alert';
import { graphql } from '../../../graphql/generated';
import type { CounterLookupQuery } from '../../../graphql/generated/graphql';
import { urls } from '../../../lib/urls';
import { CameraScanner, canScan } from './CameraScanner';
import { cardEnding, compactCode } from './counterCode';

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

const check = ruleCheck({ code: counterCodeRule });

/** A FormData with one value: for the camera (no form event) and the deliver buttons. */
function formData(name: string, value: string): FormData {
  const data = new FormData();
  data.set(name, value);
  return data;
}

/**
 * The counter screen: the provider types or scans a customer's card number or a pickup code, sees that customer's
 * open orders with this organisation, and hands them over (marks them delivered). Nothing else about the customer
 * is shown than the first name. The input is checked at once with the server's own rule (@rules/counter).
 */
export default function CounterScreen() {
  const client = useApolloClient();
  const [deliver] = useMutation(DeliverOrderDocument, { refetchQueries: ['ProviderOrders'] });
  const [result, setResult] = useState<Result | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const [delivering, setDelivering] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const scanSupported = canScan();

  const search = useMutationForm({
    id: 'kassa',
    fields: ['code'],
    check,
    mutate: async ({ code }) => {
      setNotice(null);
      setResult(null);
      const { data } = await client.query({
        query: CounterLookupDocument,
        variables: { code },
        fetchPolicy: 'no-cache',
      });
      return data ? { ...data.counterLookup, code } : null;
    },
    onSuccess: (found) => {
      const code = compactCode(found.code);
      setResult({
        firstName: found.customerFirstName,
        foundWith: found.matchedBy === 'CARD' ? `pas eindigend op ${cardEnding(code)}` : `afhaalcode ${code}`,
        orders: found.orders,
      });
      // The card number does not stay on the screen.
      if (input.current) input.current.value = '';
      window.setTimeout(() => resultHeading.current?.focus(), 0);
    },
  });

  const delivery = useMutationForm({
    id: 'levering',
    fields: [],
    mutate: async (_values, data) => {
      const id = String(data.get('id'));
      setNotice(null);
      setDelivering(id);
      try {
        const payload = (await deliver({ variables: { id } })).data?.deliverOrder;
        return payload ? { ...payload, id } : payload;
      } finally {
        setDelivering(null);
      }
    },
    onSuccess: ({ id }) => {
      const order = result?.orders.find((o) => o.id === id);
      setResult((current) => (current ? { ...current, orders: current.orders.filter((o) => o.id !== id) } : current));
      setNotice(`Bestelling ${order?.number ?? ''} is als geleverd gemeld.`);
      resultHeading.current?.focus();
    },
  });

  const name = result?.firstName ?? 'deze klant';

  return (
    <Page
      title="Kassa-app"
      lead="Typ of scan het pasnummer van de klant of de afhaalcode van een bestelling. U ziet dan de open bestellingen van die klant bij uw organisatie en kunt ze als geleverd melden."
    >
      <form className="gw-search" {...search.props} aria-label="Klant zoeken">
        {search.summary}
        <TextField
          ref={input}
          label="Pasnummer of afhaalcode"
          hint="Een pasnummer heeft 10 cijfers (spaties mogen). Een afhaalcode heeft 8 letters en cijfers."
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          {...search.field('code')}
        />
        <button type="submit" className="gw-button" disabled={search.busy}>
          {search.busy ? 'Bezig met zoeken…' : 'Zoeken'}
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
            void search.submit(formData('code', code));
          }}
          onClose={() => setScanning(false)}
        />
      ) : null}

      <section aria-labelledby="resultaat-kop" hidden={!result}>
        <h2 id="resultaat-kop" ref={resultHeading} tabIndex={-1}>
          {result ? `Open bestellingen van ${name}` : 'Resultaat'}
        </h2>
        <div role="status">
          {notice ? (
            <Alert variant="success">
              <p>{notice}</p>
            </Alert>
          ) : null}
        </div>
        {delivery.summary}
        {result ? (
          <>
            <p className="gw-muted">Gevonden met {result.foundWith}.</p>
            {result.orders.length === 0 ? (
              <p>
                {result.firstName ? `${result.firstName} heeft` : 'Deze klant heeft'} geen open bestellingen bij uw
                organisatie.
              </p>
            ) : (
              <ul className="gw-counter-orders">
                {result.orders.map((order) => (
                  <li key={order.id} className="gw-counter-order">
                    <h3>
                      <Link to={urls.provider.order(order.id)}>Bestelling {order.number}</Link>
                    </h3>
                    <p>
                      <OrderStatusBadge status={order.status} /> Afhaalcode{' '}
                      <strong className="gw-code">{order.pickupCode}</strong>
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
                      disabled={delivery.busy}
                      onClick={() => void delivery.submit(formData('id', order.id))}
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
