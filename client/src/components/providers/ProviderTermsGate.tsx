import { useMutation, useQuery } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { graphql } from '../../graphql/generated';
import { CheckboxField } from '../forms/CheckboxField';
import { useMutationForm } from '../forms/useMutationForm';
import { Page } from '../layout/Page';
import { Loading } from '../ui/Loading';
import { QueryError } from '../ui/QueryError';
import { TermsText } from './TermsText';

export const PendingTermsDocument = graphql(`
  query PendingTerms {
    pendingTerms {
      id
      version
      title
      bodyHtml(headingLevel: 3)
      municipalityName
    }
  }
`);

const AcceptPendingTermsDocument = graphql(`
  mutation AcceptPendingTerms($termsVersionIds: [ID!]!) {
    acceptPendingTerms(termsVersionIds: $termsVersionIds) {
      pendingTerms {
        id
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const NOT_ACCEPTED = 'Ga akkoord met de voorwaarden om verder te gaan.';

/**
 * The provider area behind new terms: when the organisation has not accepted the current terms (new ones were
 * published since), the provider sees them first, on a screen of their own, and continues after accepting them. The
 * acceptance is recorded by the server, dated by its clock.
 */
export function ProviderTermsGate({ children }: { children: ReactNode }) {
  const query = useQuery(PendingTermsDocument, { fetchPolicy: 'cache-and-network' });
  if (query.loading && !query.data) return <Loading />;
  if (query.error && !query.data)
    return (
      <Page title="Voorwaarden">
        <QueryError message="De voorwaarden konden niet worden geladen." onRetry={() => void query.refetch()} />
      </Page>
    );
  const pending = query.data?.pendingTerms ?? [];
  if (pending.length === 0) return <>{children}</>;
  return <AcceptTerms pending={pending} onAccepted={() => void query.refetch()} />;
}

function AcceptTerms({
  pending,
  onAccepted,
}: {
  pending: { id: string; version: number; title: string; bodyHtml: string; municipalityName?: string | null }[];
  onAccepted: () => void;
}) {
  const [accept] = useMutation(AcceptPendingTermsDocument);
  const form = useMutationForm({
    id: 'voorwaarden',
    fields: ['acceptTerms'],
    check: (_values, data) => ({ acceptTerms: data.get('acceptTerms') === 'ja' ? null : NOT_ACCEPTED }),
    mutate: async () =>
      (await accept({ variables: { termsVersionIds: pending.map((t) => t.id) } })).data?.acceptPendingTerms,
    onSuccess: () => onAccepted(),
  });
  return (
    <Page
      title="Nieuwe voorwaarden"
      lead="De voorwaarden voor aanbieders zijn gewijzigd. Lees de nieuwe voorwaarden en ga ermee akkoord om verder te werken in de aanbiedersomgeving."
    >
      {pending.map((terms) => (
        <TermsText
          key={terms.id}
          level={2}
          terms={{
            ...terms,
            title: terms.municipalityName ? `${terms.title} (${terms.municipalityName})` : terms.title,
          }}
        />
      ))}
      <form className="gw-form" {...form.props}>
        {form.summary}
        <CheckboxField
          {...form.field('acceptTerms')}
          value="ja"
          label={
            pending.length === 1
              ? `Ik ga akkoord met de ${pending[0]!.title.toLowerCase()} (versie ${pending[0]!.version}), namens mijn organisatie.`
              : 'Ik ga akkoord met deze voorwaarden, namens mijn organisatie.'
          }
        />
        <button type="submit" className="gw-button" disabled={form.busy}>
          Akkoord en verder
        </button>
      </form>
    </Page>
  );
}
