import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../components/dates/formatDate';
import { Page } from '../../../components/layout/Page';
import { Money } from '../../../components/money/Money';
import { ProductForm, type ProductFormIntent, type ProductFormOutcome } from '../../../components/products/ProductForm';
import { ProductImages } from '../../../components/products/ProductImages';
import { availabilityLabel, redemptionMethodLabel } from '../../../components/products/productLabels';
import { productStatusLabel } from '../../../components/products/productStatus';
import { ProductDecisionsTable, decisionSummary, dutchList, productDecisions } from '../../../components/products/ProductDecisions';
import { Alert } from '../../../components/ui/Alert';
import { Loading } from '../../../components/ui/Loading';
import { QueryError } from '../../../components/ui/QueryError';
import { graphql } from '../../../graphql/generated';
import type { ProductInput } from '../../../graphql/generated/graphql';
import { urls } from '../../../lib/urls';
import NotFoundScreen from '../../NotFoundScreen';
import { ProductFormCategoriesDocument, SubmitProductDocument } from './ProductNewScreen';

export const MyProductDocument = graphql(`
  query MyProduct($id: ID!) {
    myProduct(id: $id) {
      id
      title
      slug
      description
      descriptionHtml
      priceCents
      status
      availability
      redemptionMethod
      submittedAt
      updatedAt
      category {
        id
        name
      }
      ...ProductDecisions_product
      images {
        id
        url
        thumbnailUrl
        alt
        width
        height
      }
    }
  }
`);

const UpdateProductDocument = graphql(`
  mutation UpdateProduct($id: ID!, $input: ProductInput!) {
    updateProduct(id: $id, input: $input) {
      product {
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
 * One of the provider's own products: its status and each municipality's decision (with the reason of a rejection),
 * edit, submit, images, archive.
 */
export default function ProductEditScreen() {
  const { productId = '' } = useParams();
  const [notice, setNotice] = useState<string | null>(null); // a notice from the previous screen is shown by Page
  const [actionError, setActionError] = useState<string | null>(null);
  const [confirmArchive, setConfirmArchive] = useState(false);
  const { data, loading, error, refetch } = useQuery(MyProductDocument, { variables: { id: productId } });
  const categories = useQuery(ProductFormCategoriesDocument);
  const [updateProduct] = useMutation(UpdateProductDocument, { refetchQueries: ['MyProducts'] });
  const [submitProduct, submitState] = useMutation(SubmitProductDocument, { refetchQueries: ['MyProducts'] });
  const [archiveProduct, archiveState] = useMutation(ArchiveProductDocument, { refetchQueries: ['MyProducts'] });

  if (loading && !data) {
    return (
      <Page title="Product bewerken">
        <div aria-busy="true">
          <Loading />
        </div>
      </Page>
    );
  }
  if (error && !data) {
    return (
      <Page title="Product bewerken">
        <QueryError message="Dit product kon niet worden geladen." onRetry={() => void refetch()} />
      </Page>
    );
  }
  const product = data?.myProduct;
  if (!product) return <NotFoundScreen />;

  const decisions = productDecisions(product);
  const offeredIn = product.status === 'APPROVED' ? decisions.approvals.filter((a) => a.status === 'APPROVED') : [];
  const rejectedBy = decisions.approvals.filter((a) => a.status === 'REJECTED');
  const editable = product.status === 'DRAFT' || product.status === 'REJECTED' || product.status === 'APPROVED';
  const submittable = product.status === 'DRAFT' || product.status === 'REJECTED';

  async function save(input: ProductInput, intent: ProductFormIntent): Promise<ProductFormOutcome> {
    setNotice(null);
    setActionError(null);
    const result = await updateProduct({ variables: { id: productId, input } });
    const payload = result.data?.updateProduct;
    if (!payload?.product) return { ok: false, errors: payload?.errors ?? [] };
    if (intent === 'submit' && (payload.product.status === 'DRAFT' || payload.product.status === 'REJECTED')) {
      const submitted = await submitProduct({ variables: { id: productId } });
      const errors = submitted.data?.submitProduct.errors ?? [];
      if (errors.length) return { ok: false, errors };
      setNotice('Uw wijzigingen zijn opgeslagen en het product is ingediend. Elke gemeente waar u aanbieder bent, beoordeelt het opnieuw.');
    } else {
      setNotice(
        payload.product.status === 'DRAFT' && product!.status === 'APPROVED'
          ? 'Uw wijzigingen zijn opgeslagen. Het product staat nu in geen enkele gemeente meer in het aanbod: dien het opnieuw in ter beoordeling.'
          : 'Uw wijzigingen zijn opgeslagen.',
      );
    }
    window.scrollTo?.(0, 0);
    return { ok: true };
  }

  async function submitOnly() {
    setNotice(null);
    setActionError(null);
    try {
      const result = await submitProduct({ variables: { id: productId } });
      const errors = result.data?.submitProduct.errors ?? [];
      if (errors.length) setActionError(errors.map((e) => e.message).join(' '));
      else setNotice('Uw product is ingediend. Elke gemeente waar u aanbieder bent, beoordeelt het; u krijgt per gemeente een e-mail zodra die heeft beslist.');
    } catch {
      setActionError('Indienen is niet gelukt door een storing. Probeer het over een paar minuten opnieuw.');
    }
  }

  async function archive() {
    setNotice(null);
    setActionError(null);
    try {
      const result = await archiveProduct({ variables: { id: productId } });
      const errors = result.data?.archiveProduct.errors ?? [];
      if (errors.length) setActionError(errors.map((e) => e.message).join(' '));
      else setNotice('Het product is gearchiveerd. Het staat niet meer in het aanbod.');
    } catch {
      setActionError('Archiveren is niet gelukt door een storing. Probeer het over een paar minuten opnieuw.');
    }
    setConfirmArchive(false);
  }

  return (
    <Page title={product.title} crumb="Product bewerken">
      {notice ? (
        <Alert variant="success" role="status">
          <p>{notice}</p>
        </Alert>
      ) : null}
      {actionError ? (
        <Alert variant="error" role="alert">
          <p>{actionError}</p>
        </Alert>
      ) : null}

      <dl className="gw-definition-list">
        <dt>Status</dt>
        <dd>
          <span className="gw-tag">{productStatusLabel[product.status]}</span>
        </dd>
        <dt>Prijs</dt>
        <dd>
          <Money cents={product.priceCents} />
        </dd>
        <dt>Beschikbaarheid</dt>
        <dd>{availabilityLabel[product.availability]}</dd>
        <dt>Levering</dt>
        <dd>{redemptionMethodLabel[product.redemptionMethod]}</dd>
        {product.submittedAt ? (
          <>
            <dt>Laatst ingediend</dt>
            <dd>{formatDateTime(product.submittedAt)}</dd>
          </>
        ) : null}
        {offeredIn.length ? (
          <>
            <dt>In het aanbod</dt>
            <dd>
              <Link to={urls.product(product.slug, product.id)}>Bekijk het product in het aanbod</Link> (voor inwoners van{' '}
              {dutchList(offeredIn.map((a) => a.municipality.name))})
            </dd>
          </>
        ) : null}
      </dl>

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
        <p>
          <button type="button" className="gw-button" onClick={submitOnly} disabled={submitState.loading}>
            {product.status === 'REJECTED' ? 'Opnieuw indienen zonder wijzigingen' : 'Indienen ter beoordeling'}
          </button>
        </p>
      ) : null}

      {editable ? (
        <section aria-labelledby="bewerken-kop">
          <h2 id="bewerken-kop">Gegevens wijzigen</h2>
          {product.status === 'APPROVED' ? (
            <p>
              Let op: als u de titel, omschrijving, prijs, categorie, levering of afbeeldingen wijzigt, gaat het product in alle
              gemeenten uit het aanbod tot het opnieuw is ingediend en goedgekeurd. Alleen de beschikbaarheid kunt u zonder nieuwe
              beoordeling wijzigen.
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
              onSave={save}
            />
          ) : categories.error ? (
            <QueryError message="De categorieën konden niet worden geladen." onRetry={() => void categories.refetch()} />
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

      <ProductImages productId={product.id} images={product.images} editable={editable} onChanged={() => void refetch()} />

      {product.status !== 'ARCHIVED' ? (
        <section aria-labelledby="archiveren-kop">
          <h2 id="archiveren-kop">Archiveren</h2>
          <p>Biedt u dit product niet meer aan? Archiveer het dan. Dit kunt u niet ongedaan maken.</p>
          {confirmArchive ? (
            <div className="gw-form-actions" role="group" aria-label="Archiveren bevestigen">
              <button type="button" className="gw-button gw-button--danger" onClick={archive} disabled={archiveState.loading}>
                Ja, archiveer dit product
              </button>
              <button type="button" className="gw-button gw-button--secondary" onClick={() => setConfirmArchive(false)}>
                Annuleren
              </button>
            </div>
          ) : (
            <p>
              <button type="button" className="gw-button gw-button--secondary" onClick={() => setConfirmArchive(true)}>
                Product archiveren
              </button>
            </p>
          )}
        </section>
      ) : null}

      <p>
        <Link to={urls.provider.products()}>Terug naar uw producten</Link>
      </p>
    </Page>
  );
}
