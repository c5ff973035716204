import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CheckboxField } from '../../../../components/forms/CheckboxField';
import { ErrorSummary } from '../../../../components/forms/ErrorSummary';
import { NETWORK_ERROR, splitErrors } from '../../../../components/forms/formErrors';
import { Page } from '../../../../components/layout/Page';
import { membershipStatusLabel } from '../../../../components/providers/membershipStatus';
import { TermsText } from '../../../../components/providers/TermsText';
import { Alert } from '../../../../components/ui/Alert';
import { Loading } from '../../../../components/ui/Loading';
import { QueryError } from '../../../../components/ui/QueryError';
import { graphql } from '../../../../graphql/generated';
import { urls } from '../../../../lib/urls';
import { evictMemberships } from '../municipalityMembership';
import { MunicipalityMembershipDocument } from '../municipalityMembership';


const ApplyForMembershipDocument = graphql(`
  mutation ApplyForMembership($municipalityId: ID!, $termsVersionId: ID!, $acceptTerms: Boolean!) {
    applyForMembership(municipalityId: $municipalityId, termsVersionId: $termsVersionId, acceptTerms: $acceptTerms) {
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

const ACCEPT_ID = 'aanmelden-voorwaarden';

/** /aanbieder/profiel/aanmelden/:municipalityId — apply to a municipality, accepting its current terms. */
export default function JoinMunicipalityScreen() {
  const { municipalityId = '' } = useParams();
  const navigate = useNavigate();
  const { data, loading, error, refetch } = useQuery(MunicipalityMembershipDocument, { variables: { municipalityId }, fetchPolicy: 'network-only' });
  const [apply, { loading: applying }] = useMutation(ApplyForMembershipDocument, { update: evictMemberships });
  const [acceptError, setAcceptError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string[]>([]);
  const row = data?.myMunicipality;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (applying || !row?.terms) return;
    const acceptTerms = new FormData(event.currentTarget).get('acceptTerms') === 'ja';
    setGeneral([]);
    if (!acceptTerms) {
      setAcceptError('Ga akkoord met de voorwaarden om u aan te melden.');
      document.getElementById(ACCEPT_ID)?.focus();
      return;
    }
    setAcceptError(null);
    try {
      const { data: result } = await apply({ variables: { municipalityId, termsVersionId: row.terms.id, acceptTerms } });
      const payload = result?.applyForMembership;
      if (payload?.membership) {
        await navigate(urls.provider.profile(), {
          state: { notice: `U heeft zich aangemeld bij ${row.municipality.name}. De gemeente beoordeelt uw aanmelding; u krijgt bericht per e-mail.` },
        });
        return;
      }
      const split = splitErrors(payload?.errors ?? [], ['acceptTerms'] as const);
      setAcceptError(split.fieldErrors.acceptTerms ?? null);
      setGeneral(split.general);
      if (split.fieldErrors.acceptTerms) {
        // The terms changed while the page was open: show the new text.
        void refetch();
        document.getElementById(ACCEPT_ID)?.focus();
      }
    } catch {
      setGeneral([NETWORK_ERROR]);
    }
  }

  const title = row ? `Aanmelden bij ${row.municipality.name}` : 'Aanmelden bij gemeente';
  const status = row?.membership?.status;
  const blocked = status === 'PENDING' || status === 'APPROVED';

  return (
    <Page title={title} crumb="Aanmelden bij gemeente">
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
      {row && blocked ? (
        <Alert variant="info" title={`Status: ${membershipStatusLabel[status]}`}>
          <p>
            {status === 'PENDING'
              ? `Uw aanmelding bij ${row.municipality.name} wordt al beoordeeld.`
              : `U bent al aanbieder bij ${row.municipality.name}.`}{' '}
            <Link to={urls.provider.profile()}>Terug naar uw profiel</Link>
          </p>
        </Alert>
      ) : null}
      {row && !blocked ? (
        <>
          {status === 'REJECTED' && row.membership?.reason ? (
            <Alert variant="warning" title="Uw vorige aanmelding is afgewezen">
              <p>Reden: {row.membership.reason}</p>
            </Alert>
          ) : null}
          <p>
            Na uw aanmelding beoordeelt {row.municipality.name} uw organisatie. Zodra de gemeente u goedkeurt, zien inwoners van{' '}
            {row.municipality.name} uw goedgekeurde producten.
          </p>
          {row.terms ? (
            <form className="gw-form" noValidate onSubmit={handleSubmit}>
              <ErrorSummary items={general.map((message) => ({ fieldId: null, message }))} />
              <TermsText terms={row.terms} level={2} />
              <CheckboxField
                id={ACCEPT_ID}
                name="acceptTerms"
                value="ja"
                label={`Ik ga akkoord met deze voorwaarden (versie ${row.terms.version}) voor ${row.municipality.name}.`}
                error={acceptError}
              />
              <div className="gw-form-actions">
                <button type="submit" className="gw-button" disabled={applying} aria-disabled={applying}>
                  {applying ? 'Bezig met aanmelden…' : `Aanmelden bij ${row.municipality.name}`}
                </button>
                <Link to={urls.provider.profile()}>Annuleren</Link>
              </div>
            </form>
          ) : (
            <Alert variant="error" title="Er zijn nog geen voorwaarden">
              <p>U kunt zich pas aanmelden als de gemeente voorwaarden heeft gepubliceerd. Probeer het later opnieuw.</p>
            </Alert>
          )}
        </>
      ) : null}
    </Page>
  );
}
