import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { formatCount } from '../../components/dates/formatDate';
import { Page } from '../../components/layout/Page';
import { QueryBoundary } from '../../components/ui/QueryBoundary';
import { graphql } from '../../graphql/generated';
import type { AdminDashboardQuery } from '../../graphql/generated/graphql';
import { screenPermission } from '../../lib/permissions';
import { urls } from '../../lib/urls';
import { hasPermission, useViewer } from '../../lib/viewer';

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

function WorkQueue({ counts }: { counts: Counts }) {
  const { viewer } = useViewer();
  return (
    <section aria-labelledby="werkvoorraad-kop">
      <h2 id="werkvoorraad-kop">Werkvoorraad</h2>
      <dl className="gw-stats">
        <Stat label="Producten te beoordelen" value={counts.productsToReview} />
        <Stat label="Aanbieders te beoordelen" value={counts.providersToApprove} />
      </dl>
      <ul className="gw-actions" style={{ listStyle: 'none', padding: 0 }}>
        {hasPermission(viewer, screenPermission.products) ? (
          <li>
            <Link to={urls.admin.products()}>Producten beoordelen</Link>
          </li>
        ) : null}
        {hasPermission(viewer, screenPermission.providers) ? (
          <li>
            <Link to={urls.admin.providers()}>Aanbieders beoordelen</Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

/** Admin dashboard: the work queues and the main counts of the platform. */
export default function DashboardScreen() {
  return (
    <QueryBoundary
      query={useQuery(AdminDashboardDocument, { fetchPolicy: 'cache-and-network' })}
      select={(data) => data.adminDashboard}
      title="Dashboard"
      errorMessage="De cijfers van het dashboard konden niet worden geladen."
    >
      {(counts) => (
        <Page title="Dashboard">
          <WorkQueue counts={counts} />
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
