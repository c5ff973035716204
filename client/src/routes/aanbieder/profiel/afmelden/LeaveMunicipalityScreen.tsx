import { useMutation } from '@apollo/client/react';
import { Link, useNavigate } from 'react-router';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { membershipStatusLabel } from '@/vocabulary/membershipStatus';
import { Alert } from '@/components/ui/Alert';
import { graphql } from '@/graphql/generated';
import { withNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { evictMemberships, MunicipalityBoundary, type MunicipalityRow } from '../municipalityMembership';

const WithdrawMembershipDocument = graphql(`
  mutation WithdrawMembership($municipalityId: ID!) {
    withdrawMembership(municipalityId: $municipalityId) {
      membership {
        ...MembershipState @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** /aanbieder/profiel/afmelden/:municipalityId — withdraw from a municipality, after a confirmation of what stops. */
export default function LeaveMunicipalityScreen() {
  return <MunicipalityBoundary title="Afmelden bij gemeente">{(row) => <Leave row={row} />}</MunicipalityBoundary>;
}

function Leave({ row }: { row: MunicipalityRow }) {
  const navigate = useNavigate();
  const [withdraw] = useMutation(WithdrawMembershipDocument, { update: evictMemberships });
  const name = row.municipality.name;
  const form = useMutationForm({
    id: 'afmelden',
    fields: [],
    mutate: async () =>
      (await withdraw({ variables: { municipalityId: row.municipality.id } })).data?.withdrawMembership,
    onSuccess: () =>
      navigate(urls.provider.profile(), {
        state: withNotice(`U bent afgemeld bij ${name}. Uw producten zijn daar niet meer zichtbaar voor inwoners.`),
      }),
  });
  const status = row.membership?.status;

  return (
    <Page title={`Afmelden bij ${name}`} crumb="Afmelden bij gemeente">
      {status === 'PENDING' || status === 'APPROVED' ? (
        <>
          <Alert variant="warning" title="Wat er verandert als u zich afmeldt">
            <ul>
              <li>
                Uw producten worden <strong>niet meer getoond aan inwoners van {name}</strong>. Zij kunnen bij u niets
                meer bestellen met hun regeling.
              </li>
              {status === 'PENDING' ? (
                <li>Uw aanmelding wordt ingetrokken; de gemeente beoordeelt haar niet meer.</li>
              ) : null}
              <li>Bestellingen die al geplaatst zijn, levert u nog gewoon af.</li>
              <li>U kunt zich later opnieuw aanmelden; de gemeente beoordeelt u dan opnieuw.</li>
            </ul>
          </Alert>
          {form.summary}
          <div className="gw-form-actions">
            <button
              type="button"
              className="gw-button gw-button--danger"
              onClick={() => void form.submit()}
              disabled={form.busy}
            >
              {form.busy ? 'Bezig met afmelden…' : `Ja, afmelden bij ${name}`}
            </button>
            <Link to={urls.provider.profile()}>Nee, terug naar mijn profiel</Link>
          </div>
        </>
      ) : (
        <Alert variant="info" title="U bent hier niet aangemeld">
          <p>
            {status ? `Status: ${membershipStatusLabel[status]}. ` : ''}Er is niets om af te melden bij {name}.{' '}
            <Link to={urls.provider.profile()}>Terug naar uw profiel</Link>
          </p>
        </Alert>
      )}
    </Page>
  );
}
