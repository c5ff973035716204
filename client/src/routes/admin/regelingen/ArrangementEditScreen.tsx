import { useMutation, useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router';
import { ArrangementForm } from '@/components/arrangements/ArrangementForm';
import { ArrangementLedgerCodes } from '@/components/arrangements/ArrangementLedgerCodes';
import { ApplicationFormEditor } from '@/components/applications/ApplicationFormEditor';
import { Page } from '@/components/layout/Page';
import { Money } from '@/components/money/Money';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { AdminArrangementQuery } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { RecordNotFound } from '@/components/ui/RecordNotFound';

/** What the form shows of an arrangement, and what saving it gives back. */
graphql(`
  fragment ArrangementEditFields on Arrangement {
    id
    name
    description
    validFrom
    validUntil
    defaultAmountCents
    ownContributionAllowed
    maxPerOrderCents
    repeatGrantsAllowed
    minAge
    maxAge
    municipality {
      id
      name
    }
    categories {
      id
      name
    }
  }
`);

const AdminArrangementDocument = graphql(`
  query AdminArrangement($id: ID!) {
    arrangement(id: $id) {
      ...ArrangementEditFields @unmask
      grantedCents
      spentCents
      remainingCents
      assignmentCount
    }
    ...ArrangementFormChoices @unmask
  }
`);

const UpdateArrangementDocument = graphql(`
  mutation UpdateArrangement($id: ID!, $input: ArrangementInput!) {
    updateArrangement(id: $id, input: $input) {
      arrangement {
        ...ArrangementEditFields @unmask
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
  const query = useQuery(AdminArrangementDocument, {
    variables: { id: arrangementId },
    fetchPolicy: 'cache-and-network',
  });
  return (
    <QueryBoundary
      query={query}
      select={(data) => (data.arrangement ? { ...data, arrangement: data.arrangement } : null)}
      title="Regeling bewerken"
      errorMessage="Deze regeling kon niet worden geladen."
      notFound={
        <RecordNotFound
          title="Regeling niet gevonden"
          back={{ to: urls.admin.arrangements(), label: 'Naar alle regelingen' }}
        >
          <p>Deze regeling bestaat niet, of hoort bij een gemeente waarvoor u niet werkt.</p>
        </RecordNotFound>
      }
    >
      {(data) => <ArrangementEdit data={data} />}
    </QueryBoundary>
  );
}

function ArrangementEdit({
  data,
}: {
  data: AdminArrangementQuery & { arrangement: NonNullable<AdminArrangementQuery['arrangement']> };
}) {
  const a = data.arrangement;
  const showNotice = useShowNotice();
  const [update] = useMutation(UpdateArrangementDocument, {
    refetchQueries: ['AdminArrangements', 'AdminArrangement'],
  });
  // The arrangement's own municipality is always selectable, even when it is the only one.
  const own = data.viewer.municipalities;
  const municipalities = own.some((m) => m.id === a.municipality.id) ? own : [a.municipality, ...own];

  return (
    <Page title={`Regeling ‘${a.name}’`} crumb="Regeling bewerken" lead={a.municipality.name}>
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
      <p>
        <Link to={urls.admin.arrangementNextPeriod(a.id)}>Volgende periode: kopiëren en opnieuw toekennen</Link>
      </p>
      {a.assignmentCount > 0 ? (
        <p className="gw-muted">
          Deze regeling is al toegewezen: de gemeente ligt vast en de looptijd moet de bestaande toewijzingen blijven
          omvatten.
        </p>
      ) : null}
      <h2>Instellingen</h2>
      <ArrangementForm
        key={`${a.id}-${a.name}-${a.validFrom}-${a.validUntil}-${a.defaultAmountCents}-${a.maxPerOrderCents}-${a.repeatGrantsAllowed}-${a.minAge}-${a.maxAge}-${a.categories.map((c) => c.id).join()}`}
        initial={{
          ...a,
          municipalityId: a.municipality.id,
          categoryIds: a.categories.map((c) => c.id),
          maxPerOrderCents: a.maxPerOrderCents ?? null,
        }}
        municipalities={municipalities}
        categories={data.categories}
        submitLabel="Wijzigingen opslaan"
        save={async (input) => (await update({ variables: { id: a.id, input } })).data?.updateArrangement}
        onSaved={() => showNotice('De wijzigingen zijn opgeslagen.')}
      />
      <ArrangementLedgerCodes arrangementId={a.id} />
      <ApplicationFormEditor arrangementId={a.id} validFrom={a.validFrom} validUntil={a.validUntil} />
    </Page>
  );
}
