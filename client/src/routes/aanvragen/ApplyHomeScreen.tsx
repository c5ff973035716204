import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import type { AmountDefinition } from '@rules/application';
import { Page } from '@/components/layout/Page';
import { Loading } from '@/components/ui/Loading';
import { QueryError } from '@/components/ui/QueryError';
import { formatDate } from '@/components/dates/formatDate';
import { formatCents } from '@/components/money/formatCents';
import { graphql } from '@/graphql/generated';
import { urls } from '@/lib/urls';

const OpenApplicationFormsDocument = graphql(`
  query OpenApplicationForms {
    openApplicationForms {
      arrangementId
      arrangementName
      description
      municipalityName
      municipalitySlug
      closesOn
      amount
    }
  }
`);

/** "€ 150,00 per kind" or "€ 75,00": what an arrangement gives, in words. */
export function amountText(amount: AmountDefinition): string {
  if (amount.kind === 'FIXED') return formatCents(amount.cents);
  return `${formatCents(amount.cents)} per ${amount.youngerThan ? `kind jonger dan ${amount.youngerThan} jaar` : 'persoon'}`;
}

/** /aanvragen: the arrangements residents can apply for online now, per municipality. */
export default function ApplyHomeScreen() {
  const query = useQuery(OpenApplicationFormsDocument);
  const forms = query.data?.openApplicationForms;
  return (
    <Page
      title="Aanvragen"
      lead="Deze regelingen vraagt u online aan. Kijk eerst of u in aanmerking komt: daarvoor hoeft u niet in te loggen."
    >
      {query.error && !forms ? (
        <QueryError message="De regelingen konden niet worden geladen." onRetry={() => void query.refetch()} />
      ) : !forms ? (
        <Loading />
      ) : forms.length === 0 ? (
        <p>
          Op dit moment kunt u geen regeling online aanvragen. Kijk later nog eens, of neem contact op met uw gemeente.
        </p>
      ) : (
        <ul className="gw-plain-list gw-cards">
          {forms.map((f) => (
            <li key={f.arrangementId} className="gw-card">
              <h2>
                <Link to={urls.apply(f.municipalitySlug, f.arrangementId)}>{f.arrangementName}</Link>
              </h2>
              <p>{f.municipalityName}</p>
              {f.description ? <p>{f.description}</p> : null}
              <dl className="gw-definition-list">
                <dt>Bedrag</dt>
                <dd>{amountText(f.amount as AmountDefinition)}</dd>
                <dt>Aanvragen tot en met</dt>
                <dd>{formatDate(f.closesOn)}</dd>
              </dl>
              <p>
                <Link to={urls.apply(f.municipalitySlug, f.arrangementId)}>
                  Kom ik in aanmerking voor {f.arrangementName}?
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
