import { useMutation } from '@apollo/client/react';
import { membershipApplicationRules } from '@rules/provider';
import { Link, useNavigate } from 'react-router';
import { CheckboxField } from '@/components/forms/CheckboxField';
import { ruleCheck } from '@/components/forms/ruleCheck';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { membershipStatusLabel } from '@/vocabulary/membershipStatus';
import { TermsText } from '@/components/providers/TermsText';
import { Alert } from '@/components/ui/Alert';
import { graphql } from '@/graphql/generated';
import { withNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { evictMemberships, MunicipalityBoundary, type MunicipalityRow } from '../municipalityMembership';

const ApplyForMembershipDocument = graphql(`
  mutation ApplyForMembership($municipalityId: ID!, $termsVersionId: ID!, $acceptTerms: Boolean!) {
    applyForMembership(municipalityId: $municipalityId, termsVersionId: $termsVersionId, acceptTerms: $acceptTerms) {
      membership {
        ...MembershipState @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** /aanbieder/profiel/aanmelden/:municipalityId — apply to a municipality, accepting its current terms. */
export default function JoinMunicipalityScreen() {
  return (
    <MunicipalityBoundary title="Aanmelden bij gemeente">
      {(row, refetch) => <Join row={row} refetch={refetch} />}
    </MunicipalityBoundary>
  );
}

function Join({ row, refetch }: { row: MunicipalityRow; refetch: () => void }) {
  const navigate = useNavigate();
  const [apply] = useMutation(ApplyForMembershipDocument, { update: evictMemberships });
  const name = row.municipality.name;
  const form = useMutationForm({
    id: 'aanmelden',
    fields: ['acceptTerms'] as const,
    check: ruleCheck(membershipApplicationRules),
    mutate: async (values) => {
      const payload = (
        await apply({
          variables: {
            municipalityId: row.municipality.id,
            termsVersionId: row.terms!.id,
            acceptTerms: values.acceptTerms === 'ja',
          },
        })
      ).data?.applyForMembership;
      // The terms changed while the page was open: show the new text.
      if (payload?.errors.some((e) => e.code === 'TERMS_CHANGED')) refetch();
      return payload;
    },
    onSuccess: () =>
      navigate(urls.provider.profile(), {
        state: withNotice(
          `U heeft zich aangemeld bij ${name}. De gemeente beoordeelt uw aanmelding; u krijgt bericht per e-mail.`,
        ),
      }),
  });
  const status = row.membership?.status;

  if (status === 'PENDING' || status === 'APPROVED') {
    return (
      <Page title={`Aanmelden bij ${name}`} crumb="Aanmelden bij gemeente">
        <Alert variant="info" title={`Status: ${membershipStatusLabel[status]}`}>
          <p>
            {status === 'PENDING'
              ? `Uw aanmelding bij ${name} wordt al beoordeeld.`
              : `U bent al aanbieder bij ${name}.`}{' '}
            <Link to={urls.provider.profile()}>Terug naar uw profiel</Link>
          </p>
        </Alert>
      </Page>
    );
  }
  return (
    <Page title={`Aanmelden bij ${name}`} crumb="Aanmelden bij gemeente">
      {status === 'REJECTED' && row.membership?.reason ? (
        <Alert variant="warning" title="Uw vorige aanmelding is afgewezen">
          <p>Reden: {row.membership.reason}</p>
        </Alert>
      ) : null}
      <p>
        Na uw aanmelding beoordeelt {name} uw organisatie. Zodra de gemeente u goedkeurt, zien inwoners van {name} uw
        goedgekeurde producten.
      </p>
      {row.terms ? (
        <form className="gw-form" {...form.props}>
          {form.summary}
          <TermsText terms={row.terms} level={2} />
          <CheckboxField
            value="ja"
            label={`Ik ga akkoord met deze voorwaarden (versie ${row.terms.version}) voor ${name}.`}
            {...form.field('acceptTerms')}
          />
          <div className="gw-form-actions">
            <button type="submit" className="gw-button" disabled={form.busy}>
              {form.busy ? 'Bezig met aanmelden…' : `Aanmelden bij ${name}`}
            </button>
            <Link to={urls.provider.profile()}>Annuleren</Link>
          </div>
        </form>
      ) : (
        <Alert variant="error" title="Er zijn nog geen voorwaarden">
          <p>U kunt zich pas aanmelden als de gemeente voorwaarden heeft gepubliceerd. Probeer het later opnieuw.</p>
        </Alert>
      )}
    </Page>
  );
}
