import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useNavigate, useParams } from 'react-router';
import { TextAreaField } from '@/components/forms/fields';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { formatCents } from '@/components/money/formatCents';
import { Alert } from '@/components/ui/Alert';
import { Loading } from '@/components/ui/Loading';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { QueryError } from '@/components/ui/QueryError';
import { graphql } from '@/graphql/generated';
import type { AdminPersonOnBehalfQuery, OnBehalfOrderOptionsQuery } from '@/graphql/generated/graphql';
import { withNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { RecordNotFound } from '@/components/ui/RecordNotFound';
import { PersonNav } from '../personShared';
import { DataTable } from '@/components/ui/DataTable';
import { NamedOptions } from '@/components/forms/NamedOptions';
import { FormSubmit } from '@/components/forms/FormSubmit';
import { FieldError } from '@/components/forms/TextField';

const AdminPersonOnBehalfDocument = graphql(`
  query AdminPersonOnBehalf($externalIdentifier: String!) {
    person(externalIdentifier: $externalIdentifier) {
      id
      externalIdentifier
      fullName
      erasedAt
    }
  }
`);

const OnBehalfOrderOptionsDocument = graphql(`
  query OnBehalfOrderOptions($personId: ID!) {
    onBehalfOrderOptions(personId: $personId) {
      personId
      members {
        id
        name
      }
      products {
        id
        title
        priceCents
        providerName
      }
    }
  }
`);

const PlaceOrderOnBehalfDocument = graphql(`
  mutation PlaceOrderOnBehalf($input: PlaceOrderOnBehalfInput!) {
    placeOrderOnBehalf(input: $input) {
      orders {
        id
        number
        placedOnBehalf
        onBehalfReason
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type Person = NonNullable<AdminPersonOnBehalfQuery['person']>;
type Options = NonNullable<OnBehalfOrderOptionsQuery['onBehalfOrderOptions']>;

const quantityField = (productId: string) => `aantal-${productId}`;
const memberField = (productId: string) => `voor-${productId}`;

/**
 * /admin/persoon/:externalIdentifier/bestellen: staff (ORDER_ON_BEHALF) order for a resident without DigiD or under
 * administration (bewindvoering). The products are those the household's budgets pay for; the server books it through
 * the resident's own checkout with the same budget rules, only when the budget pays it in full, with the reason the
 * resident will see in their order history.
 */
export default function PersonOrderOnBehalfScreen() {
  const { externalIdentifier = '' } = useParams();
  return (
    <QueryBoundary
      query={useQuery(AdminPersonOnBehalfDocument, { variables: { externalIdentifier }, fetchPolicy: 'network-only' })}
      select={(data) => data.person}
      title="Bestellen namens inwoner"
      errorMessage="Deze persoon kon niet worden geladen."
      notFound={<RecordNotFound title="Persoon niet gevonden" />}
    >
      {(person) => (
        <Page title="Bestellen namens inwoner" lead={`${person.fullName}, klantnummer ${person.externalIdentifier}`}>
          <PersonNav externalIdentifier={person.externalIdentifier} />
          {person.erasedAt ? (
            <Alert variant="info">
              <p>De gegevens van deze persoon zijn gewist. Namens deze persoon kunt u niet bestellen.</p>
            </Alert>
          ) : (
            <OrderOptions person={person} />
          )}
        </Page>
      )}
    </QueryBoundary>
  );
}

function OrderOptions({ person }: { person: Person }) {
  const query = useQuery(OnBehalfOrderOptionsDocument, {
    variables: { personId: person.id },
    fetchPolicy: 'network-only',
  });
  if (query.error)
    return <QueryError message="Wat u kunt bestellen kon niet worden geladen." onRetry={() => void query.refetch()} />;
  const options = query.data?.onBehalfOrderOptions;
  if (!options) return query.loading ? <Loading label="Het aanbod wordt geladen…" /> : null;
  return <OnBehalfForm person={person} options={options} />;
}

function OnBehalfForm({ person, options }: { person: Person; options: Options }) {
  const navigate = useNavigate();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [place] = useMutation(PlaceOrderOnBehalfDocument, {
    refetchQueries: ['AdminPersonOrders', 'OnBehalfOrderOptions'],
  });
  const several = options.members.length > 1;
  const form = useMutationForm({
    id: 'namens',
    fields: ['lines', 'reason'],
    summaryTitle: 'De bestelling is niet geplaatst',
    check: (values, data) => {
      const chosen = options.products.some((p) => Number(data.get(quantityField(p.id)) ?? 0) > 0);
      return {
        lines: chosen ? null : 'Kies bij ten minste één product een aantal.',
        reason: values.reason.trim()
          ? null
          : 'Vul de reden in waarom u namens deze inwoner bestelt (bijvoorbeeld: geen DigiD, onder bewind).',
      };
    },
    mutate: async (values, data) => {
      const lines = options.products
        .map((p) => ({
          productId: p.id,
          quantity: Number(data.get(quantityField(p.id)) ?? 0),
          beneficiaryId: several ? String(data.get(memberField(p.id)) ?? '') || null : null,
        }))
        .filter((l) => l.quantity > 0);
      return (
        await place({
          variables: { input: { personId: person.id, idempotencyKey, reason: values.reason, lines } },
        })
      ).data?.placeOrderOnBehalf;
    },
    onSuccess: ({ orders }) =>
      void navigate(urls.admin.personOrders(person.externalIdentifier), {
        state: withNotice(
          `De bestelling is geplaatst namens ${person.fullName}: ${orders.map((o) => o.number).join(', ')}. De inwoner ziet de bestelling en de reden bij de eigen bestellingen.`,
        ),
      }),
  });
  return (
    <>
      <div className="gw-prose">
        <p>
          Bestel hier voor een inwoner die geen DigiD heeft of onder bewind staat. U kiest zoals de inwoner zelf zou
          kiezen: alleen producten die het tegoed van het huishouden betaalt. Een eigen bijdrage kan de gemeente niet
          online voor de inwoner betalen; daarom kunt u alleen bestellen wat het tegoed helemaal betaalt.
        </p>
        <p>De inwoner ziet de bestelling met de reden in de eigen bestellingen. Het plaatsen wordt vastgelegd.</p>
      </div>
      {options.products.length === 0 ? (
        <Alert variant="info">
          <p>Er zijn nu geen producten die het tegoed van dit huishouden betaalt.</p>
        </Alert>
      ) : (
        <form className="gw-form" {...form.props}>
          {form.summary}
          <fieldset className="gw-fieldset" id={form.field('lines').id} tabIndex={-1}>
            <legend className="gw-field__label">Wat bestelt u?</legend>
            <FieldError error={form.errors.lines} />
            <DataTable
              caption="Producten die het tegoed betaalt"
              hideCaption
              headers={['Product', 'Aanbieder', 'Prijs', 'Aantal', ...(several ? ['Voor wie'] : [])]}
            >
              {options.products.map((p) => (
                <tr key={p.id}>
                  <th scope="row">{p.title}</th>
                  <td>{p.providerName}</td>
                  <td>{formatCents(p.priceCents)}</td>
                  <td>
                    <label className="gw-visually-hidden" htmlFor={quantityField(p.id)}>
                      Aantal {p.title}
                    </label>
                    <input
                      id={quantityField(p.id)}
                      name={quantityField(p.id)}
                      className="gw-input"
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={99}
                      defaultValue={0}
                    />
                  </td>
                  {several ? (
                    <td>
                      <label className="gw-visually-hidden" htmlFor={memberField(p.id)}>
                        Voor wie is {p.title}?
                      </label>
                      <select id={memberField(p.id)} name={memberField(p.id)} className="gw-select">
                        <NamedOptions items={options.members} />
                      </select>
                    </td>
                  ) : null}
                </tr>
              ))}
            </DataTable>
          </fieldset>
          <TextAreaField
            label="Reden"
            hint="Waarom bestelt u namens deze inwoner? Bijvoorbeeld: geen DigiD, onder bewind. De inwoner ziet deze reden."
            rows={3}
            maxLength={500}
            {...form.field('reason')}
          />
          <FormSubmit busy={form.busy}>Bestelling plaatsen namens {person.fullName}</FormSubmit>
        </form>
      )}
    </>
  );
}
