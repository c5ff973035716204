import { useMutation, useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router';
import { ConfirmAction } from '@/components/forms/ConfirmAction';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { ProductForm, type ProductFormIntent } from '@/components/products/ProductForm';
import { ProductImages } from '@/components/products/ProductImages';
import { ProductFacts } from '@/components/products/ProductFacts';
import {
  ProductDecisionsTable,
  decisionSummary,
  dutchList,
  productDecisions,
} from '@/components/products/ProductDecisions';
import { Alert } from '@/components/ui/Alert';
import { Loading } from '@/components/ui/Loading';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { QueryError } from '@/components/ui/QueryError';
import { graphql } from '@/graphql/generated';
import type { MyProductQuery, ProductInput } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { ProductFormCategoriesDocument, SubmitProductDocument } from './products.graphql';

/** What the edit screen shows of an own product, and what saving it gives back. */
graphql(`
  fragment OwnProductFields on Product {
    id
    title
    slug
    description
    descriptionHtml
    priceCents
    status
    availability
    redemptionMethod
    updatedAt
    category {
      id
      name
    }
    ...ProductDecisions_product
  }
`);

export const MyProductDocument = graphql(`
  query MyProduct($id: ID!) {
    myProduct(id: $id) {
      ...OwnProductFields @unmask
      submittedAt
      images {
        ...OwnProductImage @unmask
      }
    }
  }
`);

const UpdateProductDocument = graphql(`
  mutation UpdateProduct($id: ID!, $input: ProductInput!) {
    updateProduct(id: $id, input: $input) {
      product {
        ...OwnProductFields @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const ArchiveProductDocument = graphql(`
  mutation ArchiveProduct($id: ID!) {
    archiveProduct(id: $id) {
      product {
        id
        status
        updatedAt
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/**
 * /aanbieder/producten/{productId}: one of the provider's own products — its status and each municipality's decision
 * (with the reason of a rejection), edit, submit, images, archive.
 */
export default function ProductEditScreen() {
  const { productId = '' } = useParams();
  const query = useQuery(MyProductDocument, { variables: { id: productId } });
  return (
    <QueryBoundary
      query={query}
      select={(d) => d.myProduct}
      title="Product bewerken"
      errorMessage="Dit product kon niet worden geladen."
    >
      {(product) => <ProductEdit product={product} refetch={() => void query.refetch()} />}
    </QueryBoundary>
  );
}

type OwnProduct = NonNullable<MyProductQuery['myProduct']>;

function ProductEdit({ product, refetch }: { product: OwnProduct; refetch: () => void }) {
  const showNotice = useShowNotice();
  const categories = useQuery(ProductFormCategoriesDocument);
  const [updateProduct] = useMutation(UpdateProductDocument, { refetchQueries: ['MyProducts'] });
  const [submitProduct] = useMutation(SubmitProductDocument, { refetchQueries: ['MyProducts'] });
  const [archiveProduct] = useMutation(ArchiveProductDocument, { refetchQueries: ['MyProducts'] });
  const id = product.id;
  // The form and the buttons are replaced when the product changes: the focus goes to the notice at the top.
  const notify = (notice: string) => showNotice(notice, { focus: true });
  const submitting = useMutationForm({
    id: 'indienen',
    fields: [],
    mutate: async () => (await submitProduct({ variables: { id } })).data?.submitProduct,
    onSuccess: () =>
      notify(
        'Uw product is ingediend. Elke gemeente waar u aanbieder bent, beoordeelt het; u krijgt per gemeente een e-mail zodra die heeft beslist.',
      ),
  });
  const archiving = useMutationForm({
    id: 'archiveren',
    fields: [],
    mutate: async () => (await archiveProduct({ variables: { id } })).data?.archiveProduct,
    onSuccess: () => notify('Het product is gearchiveerd. Het staat niet meer in het aanbod.'),
  });

  const decisions = productDecisions(product);
  const offeredIn = product.status === 'APPROVED' ? decisions.approvals.filter((a) => a.status === 'APPROVED') : [];
  const rejectedBy = decisions.approvals.filter((a) => a.status === 'REJECTED');
  const editable = product.status === 'DRAFT' || product.status === 'REJECTED' || product.status === 'APPROVED';
  const submittable = product.status === 'DRAFT' || product.status === 'REJECTED';

  /** Saves; "save and submit" also submits a draft or rejected product, whose refusal shows like any payload error. */
  async function save(input: ProductInput, intent: ProductFormIntent) {
    const updated = (await updateProduct({ variables: { id, input } })).data?.updateProduct;
    const status = updated?.product?.status;
    if (intent === 'save' || !updated?.product || (status !== 'DRAFT' && status !== 'REJECTED')) return updated;
    return (await submitProduct({ variables: { id } })).data?.submitProduct;
  }

  function saved(payload: { product?: { status: string } | null }, intent: ProductFormIntent) {
    if (intent === 'submit' && payload.product?.status === 'SUBMITTED') {
      notify(
        'Uw wijzigingen zijn opgeslagen en het product is ingediend. Elke gemeente waar u aanbieder bent, beoordeelt het opnieuw.',
      );
    } else if (payload.product?.status === 'DRAFT' && product.status === 'APPROVED') {
      notify(
        'Uw wijzigingen zijn opgeslagen. Het product staat nu in geen enkele gemeente meer in het aanbod: dien het opnieuw in ter beoordeling.',
      );
    } else notify('Uw wijzigingen zijn opgeslagen.');
  }

  return (
    <Page title={product.title} crumb="Product bewerken">
      <ProductFacts product={product} submittedLabel="Laatst ingediend">
        {offeredIn.length ? (
          <>
            <dt>In het aanbod</dt>
            <dd>
              <Link to={urls.product(product.slug, product.id)}>Bekijk het product in het aanbod</Link> (voor inwoners
              van {dutchList(offeredIn.map((a) => a.municipality.name))})
            </dd>
          </>
        ) : null}
      </ProductFacts>

      {rejectedBy.map((a) => (
        <Alert key={a.id} variant="warning" title={`${a.municipality.name} heeft dit product afgekeurd`}>
          <p>Reden: {a.reason}</p>
          <p>
            {product.status === 'REJECTED'
              ? 'Pas het product aan en dien het opnieuw in.'
              : product.status === 'SUBMITTED'
                ? 'U kunt het product aanpassen en opnieuw indienen zodra de andere gemeenten hebben beslist.'
                : 'Past u de inhoud van het product aan en dient u het opnieuw in, dan beoordelen alle gemeenten het opnieuw; tot die tijd staat het in geen enkele gemeente in het aanbod.'}
          </p>
        </Alert>
      ))}
      {product.status === 'SUBMITTED' ? (
        <Alert variant="info" title="Dit product wordt beoordeeld">
          <p>
            {decisions.approvals.length
              ? 'Elke gemeente waar u aanbieder bent, beoordeelt uw product. U kunt het weer wijzigen nadat het is beoordeeld.'
              : 'Uw product wordt beoordeeld zodra een gemeente u als aanbieder heeft goedgekeurd. U kunt het weer wijzigen nadat het is beoordeeld.'}
          </p>
        </Alert>
      ) : null}
      {product.status === 'ARCHIVED' ? (
        <Alert variant="info" title="Dit product is gearchiveerd">
          <p>Een gearchiveerd product staat niet in het aanbod en kan niet meer worden gewijzigd.</p>
        </Alert>
      ) : null}

      {decisions.approvals.length ? (
        <section aria-labelledby="beoordeling-kop">
          <h2 id="beoordeling-kop">Beoordeling per gemeente</h2>
          <p>{decisionSummary(decisions.approvals)}</p>
          <ProductDecisionsTable product={product} caption="Beslissing van elke gemeente waar u aanbieder bent" />
        </section>
      ) : null}

      {submittable ? (
        <>
          {submitting.summary}
          <p>
            <button
              type="button"
              className="gw-button"
              onClick={() => void submitting.submit()}
              disabled={submitting.busy}
            >
              {product.status === 'REJECTED' ? 'Opnieuw indienen zonder wijzigingen' : 'Indienen ter beoordeling'}
            </button>
          </p>
        </>
      ) : null}

      {editable ? (
        <section aria-labelledby="bewerken-kop">
          <h2 id="bewerken-kop">Gegevens wijzigen</h2>
          {product.status === 'APPROVED' ? (
            <p>
              Let op: als u de titel, omschrijving, prijs, categorie, levering of afbeeldingen wijzigt, gaat het product
              in alle gemeenten uit het aanbod tot het opnieuw is ingediend en goedgekeurd. Alleen de beschikbaarheid
              kunt u zonder nieuwe beoordeling wijzigen.
            </p>
          ) : null}
          {categories.data ? (
            <ProductForm
              key={product.updatedAt}
              categories={categories.data.categories}
              initial={{
                title: product.title,
                description: product.description,
                priceCents: product.priceCents,
                categoryId: product.category.id,
                availability: product.availability,
                redemptionMethod: product.redemptionMethod,
              }}
              saveLabel="Wijzigingen opslaan"
              submitLabel={product.status === 'REJECTED' ? 'Opslaan en opnieuw indienen' : 'Opslaan en indienen'}
              save={save}
              onSaved={saved}
            />
          ) : categories.error ? (
            <QueryError
              message="De categorieën konden niet worden geladen."
              onRetry={() => void categories.refetch()}
            />
          ) : (
            <Loading />
          )}
        </section>
      ) : (
        <section aria-labelledby="omschrijving-kop">
          <h2 id="omschrijving-kop">Omschrijving</h2>
          <div className="gw-prose" dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />
        </section>
      )}

      <ProductImages productId={product.id} images={product.images} editable={editable} onChanged={refetch} />

      {product.status !== 'ARCHIVED' ? (
        <section aria-labelledby="archiveren-kop">
          <h2 id="archiveren-kop">Archiveren</h2>
          <p>Biedt u dit product niet meer aan? Archiveer het dan. Dit kunt u niet ongedaan maken.</p>
          <ConfirmAction
            form={archiving}
            label="Product archiveren"
            confirmLabel="Ja, archiveer dit product"
            groupLabel="Archiveren bevestigen"
          />
        </section>
      ) : null}

      <p>
        <Link to={urls.provider.products()}>Terug naar uw producten</Link>
      </p>
    </Page>
  );
}
