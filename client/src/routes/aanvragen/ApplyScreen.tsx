import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router';
import type { ApplicationFormDefinition, SocialMinimumTable } from '@rules/application';
import { Page } from '@/components/layout/Page';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { formatDate } from '@/components/dates/formatDate';
import { EligibilityCheck } from '@/components/applications/EligibilityCheck';
import { todayInAmsterdam } from '@/components/applications/applications.graphql';
import { graphql } from '@/graphql/generated';
import type { ApplicationFormQuery } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';
import { useViewer } from '@/lib/viewer';
import { amountText } from './ApplyHomeScreen';
import { ApplyForm } from './ApplyForm';

const ApplicationFormDocument = graphql(`
  query ApplicationForm($arrangementId: ID!) {
    applicationForm(arrangementId: $arrangementId) {
      ...ApplicationFormFields @unmask
    }
  }
`);

/**
 * /aanvragen/{slug}/{arrangementId}: what the arrangement is, "Kom ik in aanmerking?" for everyone, and for a resident
 * logged in with DigiD the application itself, one question at a time.
 */
export default function ApplyScreen() {
  const { arrangementId = '' } = useParams();
  const query = useQuery(ApplicationFormDocument, { variables: { arrangementId } });
  const { viewer } = useViewer();
  return (
    <QueryBoundary
      query={query}
      select={(d) => d.applicationForm}
      title="Aanvragen"
      errorMessage="Deze regeling kon niet worden geladen."
    >
      {(form) => <ApplyPage form={form} resident={viewer?.kind === 'CUSTOMER'} />}
    </QueryBoundary>
  );
}

type Form = NonNullable<ApplicationFormQuery['applicationForm']>;

function ApplyPage({ form: f, resident }: { form: Form; resident: boolean }) {
  const definition = { criteria: f.criteria, amount: f.amount } as unknown as Pick<
    ApplicationFormDefinition,
    'criteria' | 'amount'
  >;
  const here = urls.apply(f.municipalitySlug, f.arrangementId);
  return (
    <Page title={`${f.arrangementName} aanvragen`} lead={f.description || undefined}>
      <dl className="gw-definition-list">
        <dt>Gemeente</dt>
        <dd>{f.municipalityName}</dd>
        <dt>Bedrag</dt>
        <dd>{amountText(definition.amount)}</dd>
        <dt>Aanvragen</dt>
        <dd>
          van {formatDate(f.opensOn)} tot en met {formatDate(f.closesOn)}
        </dd>
      </dl>
      {!f.openNow ? (
        <p>U kunt deze regeling nu niet aanvragen: de aanvraagperiode is voorbij of nog niet begonnen.</p>
      ) : resident ? (
        <ApplyForm
          arrangementId={f.arrangementId}
          form={definition}
          socialMinimum={f.socialMinimum as SocialMinimumTable}
        />
      ) : (
        <>
          <EligibilityCheck
            form={definition}
            socialMinimum={f.socialMinimum as SocialMinimumTable}
            today={todayInAmsterdam()}
          />
          <h2>Aanvragen</h2>
          <p>U vraagt aan met DigiD. Wat de gemeente al van u weet, hoeft u niet opnieuw in te vullen.</p>
          <p>
            <Link className="gw-button" to={urls.login(here)}>
              Inloggen met DigiD om aan te vragen
            </Link>
          </p>
        </>
      )}
    </Page>
  );
}
