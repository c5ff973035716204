import { lazy, Suspense } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { formatCount } from '../../components/dates/formatDate';
import { formatCents } from '../../components/money/formatCents';
import { Page } from '../../components/layout/Page';
import { QueryBoundary } from '../../components/ui/QueryBoundary';
import { graphql } from '../../graphql/generated';
import type { AdminDashboardQuery, Permission } from '../../graphql/generated/graphql';
import { screenPermission } from '../../lib/permissions';
import { urls } from '../../lib/urls';
import { hasPermission, useViewer } from '../../lib/viewer';
import { Loading } from '../../components/ui/Loading';
import { DigidCertificateWarning } from './dashboard/DigidCertificateWarning';
import { DataTable } from '@/components/ui/DataTable';
import { countOf } from '@/lib/plural';

// The chart library is loaded with the budget section, after the counts are on screen.
const BudgetUse = lazy(() => import('./dashboard/BudgetUse').then((m) => ({ default: m.BudgetUse })));

const AdminDashboardDocument = graphql(`
  query AdminDashboard {
    adminDashboard {
      productsToReview
      providersToApprove
      approvedProducts
      providers
      clientGroups
      persons
      activeArrangements
      ordersWaiting
      ordersWaitingDays
      ordersWaitingPlacedUntil
      municipalities {
        municipalityId
        municipalityName
        activeArrangements
        budgetGrantedCents
        spentThisMonthCents
        ordersThisMonth
      }
      budgetUse {
        arrangementId
        arrangementName
        municipalityName
        validFrom
        validUntil
        grantedCents
        spentCents
        expiredCents
        remainingCents
        months {
          month
          grantedCents
          spentCents
          expiredCents
          remainingCents
        }
      }
    }
  }
`);

type Counts = AdminDashboardQuery['adminDashboard'];

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="gw-stat">
      <dt>{label}</dt>
      <dd>{formatCount(value)}</dd>
    </div>
  );
}

/** A work queue tile: the label links to the list filtered on that work when the viewer may open it. */
function WorkTile({ label, value, to }: { label: string; value: number; to: string | null }) {
  return (
    <div className="gw-stat">
      <dt>{to ? <Link to={to}>{label}</Link> : label}</dt>
      <dd>{formatCount(value)}</dd>
    </div>
  );
}

function WorkQueue({ counts }: { counts: Counts }) {
  const { viewer } = useViewer();
  const may = (permission: Permission) => hasPermission(viewer, permission);
  const days = counts.ordersWaitingDays;
  return (
    <section aria-labelledby="werkvoorraad-kop">
      <h2 id="werkvoorraad-kop">Werkvoorraad</h2>
      <dl className="gw-stats">
        <WorkTile
          label="Producten te beoordelen"
          value={counts.productsToReview}
          to={may(screenPermission.products) ? urls.admin.products() : null}
        />
        <WorkTile
          label="Aanbieders te beoordelen"
          value={counts.providersToApprove}
          to={may(screenPermission.providers) ? urls.admin.providers('in-behandeling') : null}
        />
        <WorkTile
          label={`Bestellingen langer dan ${countOf(days, 'dag', 'dagen')} niet geaccepteerd`}
          value={counts.ordersWaiting}
          to={
            may(screenPermission.orders)
              ? urls.admin.orders({ status: 'geplaatst', tot: counts.ordersWaitingPlacedUntil })
              : null
          }
        />
      </dl>
    </section>
  );
}

function MunicipalityTotals({ counts }: { counts: Counts }) {
  if (!counts.municipalities.length) return null;
  return (
    <section aria-labelledby="gemeenten-kop">
      <h2 id="gemeenten-kop">Per gemeente</h2>
      <DataTable
        caption="Cijfers per gemeente waarvoor u werkt"
        hideCaption
        headers={[
          'Gemeente',
          'Actieve regelingen',
          'Budget toegekend (lopend)',
          'Besteed deze maand',
          'Bestellingen deze maand',
        ]}
      >
        {counts.municipalities.map((m) => (
          <tr key={m.municipalityId}>
            <th scope="row">{m.municipalityName}</th>
            <td>{formatCount(m.activeArrangements)}</td>
            <td>{formatCents(m.budgetGrantedCents)}</td>
            <td>{formatCents(m.spentThisMonthCents)}</td>
            <td>{formatCount(m.ordersThisMonth)}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

/** Admin dashboard: the work queues and the main counts of the platform. */
const ApplicationNumbersDocument = graphql(`
  query ApplicationNumbers {
    applicationNumbers {
      waiting
      medianDaysToDecision
    }
  }
`);

/** Online applications: how many wait, and the median days to a decision (nothing while loading or on an error). */
function ApplicationWork() {
  const { viewer } = useViewer();
  const may = hasPermission(viewer, screenPermission.applications);
  const { data } = useQuery(ApplicationNumbersDocument, { fetchPolicy: 'cache-and-network' });
  const n = data?.applicationNumbers;
  if (!n) return null;
  return (
    <section aria-labelledby="aanvragen-kop">
      <h2 id="aanvragen-kop">Aanvragen</h2>
      <dl className="gw-stats">
        <WorkTile label="Aanvragen in behandeling" value={n.waiting} to={may ? urls.admin.applications() : null} />
        <div className="gw-stat">
          <dt>Mediane doorlooptijd tot besluit</dt>
          <dd>
            {n.medianDaysToDecision === null
              ? 'Nog geen besluiten'
              : `${new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1 }).format(n.medianDaysToDecision)} dagen`}
          </dd>
        </div>
      </dl>
      {may ? (
        <p>
          <a href="/api/aanvragen/besluiten.csv?van=2000-01-01&tot=2100-12-31" download>
            Alle besluiten downloaden (CSV)
          </a>
        </p>
      ) : null}
    </section>
  );
}

export default function DashboardScreen() {
  const { viewer } = useViewer();
  const managesSettings = hasPermission(viewer, 'SETTINGS_MANAGE');
  return (
    <QueryBoundary
      query={useQuery(AdminDashboardDocument, { fetchPolicy: 'cache-and-network' })}
      select={(data) => data.adminDashboard}
      title="Dashboard"
      errorMessage="De cijfers van het dashboard konden niet worden geladen."
    >
      {(counts) => (
        <Page title="Dashboard">
          {managesSettings ? <DigidCertificateWarning /> : null}
          <WorkQueue counts={counts} />
          <ApplicationWork />
          <MunicipalityTotals counts={counts} />
          <Suspense fallback={<Loading label="Het budgetgebruik wordt geladen…" />}>
            <BudgetUse uses={counts.budgetUse} />
          </Suspense>
          <section aria-labelledby="overzicht-kop">
            <h2 id="overzicht-kop">Overzicht</h2>
            <dl className="gw-stats">
              <Stat label="Goedgekeurde producten" value={counts.approvedProducts} />
              <Stat label="Aanbieders" value={counts.providers} />
              <Stat label="Klantgroepen" value={counts.clientGroups} />
              <Stat label="Personen" value={counts.persons} />
              <Stat label="Actieve regelingen" value={counts.activeArrangements} />
            </dl>
          </section>
        </Page>
      )}
    </QueryBoundary>
  );
}
