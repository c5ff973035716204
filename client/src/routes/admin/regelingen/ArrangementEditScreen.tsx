import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '../../../components/layout/Page';
import { Money } from '../../../components/money/Money';
import { Alert } from '../../../components/ui/Alert';
import { QueryError } from '../../../components/ui/QueryError';
import { graphql } from '../../../graphql/generated';
import { urls } from '../../../lib/urls';
import { LoadingPage } from '../klantgroep/shared';
import { ArrangementForm } from './ArrangementForm';
import { ArrangementFormDataDocument } from './arrangementFormData';

const AdminArrangementDocument = graphql(`
  query AdminArrangement($id: ID!) {
    arrangement(id: $id) {
      id
      name
      description
      validFrom
      validUntil
      defaultAmountCents
      ownContributionAllowed
      maxPerOrderCents
      grantedCents
      spentCents
      remainingCents
      assignmentCount
      municipality {
        id
        name
      }
      categories {
        id
        name
      }
    }
  }
`);

const UpdateArrangementDocument = graphql(`
  mutation UpdateArrangement($id: ID!, $input: ArrangementInput!) {
    updateArrangement(id: $id, input: $input) {
      arrangement {
        id
        name
        description
        validFrom
        validUntil
        defaultAmountCents
        ownContributionAllowed
        maxPerOrderCents
        municipality {
          id
          name
        }
        categories {
          id
          name
        }
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** /admin/regelingen/:arrangementId: change an arrangement; its budget use is shown above the form. */
export default function ArrangementEditScreen() {
  const { arrangementId = '' } = useParams();
  const arrangementQuery = useQuery(AdminArrangementDocument, { variables: { id: arrangementId }, fetchPolicy: 'cache-and-network' });
  const formData = useQuery(ArrangementFormDataDocument);
  const [update] = useMutation(UpdateArrangementDocument, { refetchQueries: ['AdminArrangements', 'AdminArrangement'] });
  const [notice, setNotice] = useState<string | null>(null);

  if ((arrangementQuery.loading && !arrangementQuery.data) || (formData.loading && !formData.data)) return <LoadingPage title="Regeling bewerken" />;
  if ((arrangementQuery.error && !arrangementQuery.data) || (formData.error && !formData.data)) {
    return (
      <Page title="Regeling bewerken">
        <QueryError
          message="Deze regeling kon niet worden geladen."
          onRetry={() => {
            void arrangementQuery.refetch();
            void formData.refetch();
          }}
        />
      </Page>
    );
  }
  const a = arrangementQuery.data?.arrangement;
  if (!a || !formData.data) {
    return (
      <Page title="Regeling niet gevonden">
        <div className="gw-prose">
          <p>Deze regeling bestaat niet, of hoort bij een gemeente waarvoor u niet werkt.</p>
          <p>
            <Link to={urls.admin.arrangements()}>Naar alle regelingen</Link>
          </p>
        </div>
      </Page>
    );
  }
  // The arrangement's own municipality is always selectable, even when it is the only one.
  const municipalities = formData.data.viewer.municipalities.some((m) => m.id === a.municipality.id)
    ? formData.data.viewer.municipalities
    : [a.municipality, ...formData.data.viewer.municipalities];

  return (
    <Page title={`Regeling ‘${a.name}’`} crumb="Regeling bewerken" lead={a.municipality.name}>
      {notice ? (
        <Alert variant="success" role="status">
          <p>{notice}</p>
        </Alert>
      ) : null}
      <dl className="gw-definition-list">
        <dt>Toewijzingen</dt>
        <dd>{a.assignmentCount}</dd>
        <dt>Toegekend</dt>
        <dd>
          <Money cents={a.grantedCents} />
        </dd>
        <dt>Besteed</dt>
        <dd>
          <Money cents={a.spentCents} />
        </dd>
        <dt>Nog te besteden</dt>
        <dd>
          <Money cents={a.remainingCents} />
        </dd>
      </dl>
      {a.assignmentCount > 0 ? (
        <p className="gw-muted">
          Deze regeling is al toegewezen: de gemeente ligt vast en de looptijd moet de bestaande toewijzingen blijven omvatten.
        </p>
      ) : null}
      <h2>Instellingen</h2>
      <ArrangementForm
        key={`${a.id}-${a.name}-${a.validFrom}-${a.validUntil}-${a.defaultAmountCents}-${a.maxPerOrderCents}-${a.categories.map((c) => c.id).join()}`}
        initial={{
          name: a.name,
          description: a.description,
          municipalityId: a.municipality.id,
          validFrom: a.validFrom,
          validUntil: a.validUntil,
          defaultAmountCents: a.defaultAmountCents,
          categoryIds: a.categories.map((c) => c.id),
          ownContributionAllowed: a.ownContributionAllowed,
          maxPerOrderCents: a.maxPerOrderCents ?? null,
        }}
        municipalities={municipalities}
        categories={formData.data.categories}
        submitLabel="Wijzigingen opslaan"
        onSave={async (input) => {
          setNotice(null);
          const payload = (await update({ variables: { id: a.id, input } })).data?.updateArrangement;
          if (!payload?.arrangement) return { ok: false, errors: payload?.errors ?? [] };
          setNotice('De wijzigingen zijn opgeslagen.');
          return { ok: true };
        }}
      />
    </Page>
  );
}
