import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { NETWORK_ERROR } from '../../../../components/forms/formErrors';
import { Page } from '../../../../components/layout/Page';
import { membershipStatusLabel } from '../../../../components/providers/membershipStatus';
import { Alert } from '../../../../components/ui/Alert';
import { Loading } from '../../../../components/ui/Loading';
import { QueryError } from '../../../../components/ui/QueryError';
import { graphql } from '../../../../graphql/generated';
import { urls } from '../../../../lib/urls';
import { evictMemberships } from '../municipalityMembership';
import { MunicipalityMembershipDocument } from '../municipalityMembership';

const WithdrawMembershipDocument = graphql(`
  mutation WithdrawMembership($municipalityId: ID!) {
    withdrawMembership(municipalityId: $municipalityId) {
      membership {
        id
        status
        reason
        appliedAt
        decidedAt
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** /aanbieder/profiel/afmelden/:municipalityId — withdraw from a municipality, after a confirmation of what stops. */
export default function LeaveMunicipalityScreen() {
  const { municipalityId = '' } = useParams();
  const navigate = useNavigate();
  const { data, loading, error, refetch } = useQuery(MunicipalityMembershipDocument, { variables: { municipalityId }, fetchPolicy: 'network-only' });
  const [withdraw, { loading: withdrawing }] = useMutation(WithdrawMembershipDocument, { update: evictMemberships });
  const [failure, setFailure] = useState<string | null>(null);
  const row = data?.myMunicipality;
  const status = row?.membership?.status;
  const member = status === 'PENDING' || status === 'APPROVED';

  async function confirm() {
    setFailure(null);
    try {
      const { data: result } = await withdraw({ variables: { municipalityId } });
      const payload = result?.withdrawMembership;
      if (payload?.membership && row) {
        await navigate(urls.provider.profile(), {
          state: { notice: `U bent afgemeld bij ${row.municipality.name}. Uw producten zijn daar niet meer zichtbaar voor inwoners.` },
        });
        return;
      }
      setFailure(payload?.errors[0]?.message ?? 'Afmelden is niet gelukt.');
    } catch {
      setFailure(NETWORK_ERROR);
    }
  }

  const title = row ? `Afmelden bij ${row.municipality.name}` : 'Afmelden bij gemeente';

  return (
    <Page title={title} crumb="Afmelden bij gemeente">
      <div aria-busy={loading && !data}>
        {loading && !data ? <Loading /> : null}
        {error && !data ? <QueryError message="De gegevens van deze gemeente konden niet worden geladen." onRetry={() => void refetch()} /> : null}
      </div>
      {data && !row ? (
        <Alert variant="warning" title="Deze gemeente bestaat niet">
          <p>
            Kies een gemeente in uw <Link to={urls.provider.profile()}>profiel</Link>.
          </p>
        </Alert>
      ) : null}
      {row && !member ? (
        <Alert variant="info" title="U bent hier niet aangemeld">
          <p>
            {status ? `Status: ${membershipStatusLabel[status]}. ` : ''}Er is niets om af te melden bij {row.municipality.name}.{' '}
            <Link to={urls.provider.profile()}>Terug naar uw profiel</Link>
          </p>
        </Alert>
      ) : null}
      {row && member ? (
        <>
          <Alert variant="warning" title="Wat er verandert als u zich afmeldt">
            <ul>
              <li>
                Uw producten worden <strong>niet meer getoond aan inwoners van {row.municipality.name}</strong>. Zij kunnen bij u niets
                meer bestellen met hun regeling.
              </li>
              {status === 'PENDING' ? <li>Uw aanmelding wordt ingetrokken; de gemeente beoordeelt haar niet meer.</li> : null}
              <li>Bestellingen die al geplaatst zijn, levert u nog gewoon af.</li>
              <li>U kunt zich later opnieuw aanmelden; de gemeente beoordeelt u dan opnieuw.</li>
            </ul>
          </Alert>
          {failure ? (
            <Alert variant="error" role="alert">
              <p>{failure}</p>
            </Alert>
          ) : null}
          <div className="gw-form-actions">
            <button type="button" className="gw-button gw-button--danger" onClick={() => void confirm()} disabled={withdrawing} aria-disabled={withdrawing}>
              {withdrawing ? 'Bezig met afmelden…' : `Ja, afmelden bij ${row.municipality.name}`}
            </button>
            <Link to={urls.provider.profile()}>Nee, terug naar mijn profiel</Link>
          </div>
        </>
      ) : null}
    </Page>
  );
}
