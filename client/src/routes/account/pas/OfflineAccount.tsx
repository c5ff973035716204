import { formatDateTime } from '@/components/dates/formatDate';
import { Page } from '@/components/layout/Page';
import { Money } from '@/components/money/Money';
import { QrCode } from '@/components/orders/QrCode';
import { Alert } from '@/components/ui/Alert';
import type { OfflineAccount as Snapshot } from '@/lib/offlineAccount';
import { DigitalCards } from './DigitalCards';

/**
 * The account area without a connection (issue 30): what /account/pas last knew — the digital cards with their QR
 * codes, the open orders with their pickup codes and the remaining budget — with the moment it was known. Shown by
 * the account area's guard when the server cannot be reached and this browser holds such a state (lib/offlineAccount).
 */
export function OfflineAccount({ snapshot }: { snapshot: Snapshot }) {
  const open = snapshot.orders.filter((o) => o.pickupCode);
  return (
    <Page title="Uw pas zonder internet" crumb="Pas">
      <Alert variant="warning" role="status">
        <p>
          U heeft nu geen internetverbinding. U ziet wat bekend was op{' '}
          <strong>{formatDateTime(snapshot.savedAt)}</strong>. Met internet ziet u weer alles van nu.
        </p>
      </Alert>
      <DigitalCards passes={snapshot.passes} offline />
      <section aria-labelledby="offline-bestellingen">
        <h2 id="offline-bestellingen">Open bestellingen</h2>
        {open.length === 0 ? (
          <p>U had geen open bestellingen om op te halen.</p>
        ) : (
          <ul className="gw-digital-cards">
            {open.map((order) => (
              <li key={order.id}>
                <article className="gw-card" aria-labelledby={`offline-bestelling-${order.id}`}>
                  <h3 id={`offline-bestelling-${order.id}`}>Bestelling {order.number}</h3>
                  <p>Ophalen bij {order.providerName}</p>
                  <p>
                    Afhaalcode: <strong>{order.pickupCode}</strong>
                  </p>
                  <QrCode value={order.pickupCode!} label={`QR-code van afhaalcode ${order.pickupCode}`} size={160} />
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="offline-tegoed">
        <h2 id="offline-tegoed">Uw tegoed</h2>
        {snapshot.budgets.length === 0 ? (
          <p>U had geen tegoed.</p>
        ) : (
          <ul>
            {snapshot.budgets.map((b) => (
              <li key={b.id}>
                {b.arrangementName}
                {b.beneficiaryName ? ` (voor ${b.beneficiaryName})` : ''}: <Money cents={b.balanceCents} /> over
              </li>
            ))}
          </ul>
        )}
      </section>
    </Page>
  );
}
