import { useMutation, useQuery } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import { NETWORK_ERROR } from '../../../components/forms/userErrors';
import { Page } from '../../../components/layout/Page';
import { ProductForm, type ProductFormIntent } from '../../../components/products/ProductForm';
import { QueryBoundary } from '../../../components/ui/QueryBoundary';
import { graphql } from '../../../graphql/generated';
import type { ProductInput } from '../../../graphql/generated/graphql';
import { withNotice } from '../../../lib/notice';
import { urls } from '../../../lib/urls';
import { ProductFormCategoriesDocument, SubmitProductDocument } from './products.graphql';

const CreateProductDocument = graphql(`
  mutation CreateProduct($input: ProductInput!) {
    createProduct(input: $input) {
      product {
        id
        status
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** /aanbieder/producten/nieuw: a new product, saved as a draft or saved and submitted for review at once. */
export default function ProductNewScreen() {
  const navigate = useNavigate();
  const categories = useQuery(ProductFormCategoriesDocument);
  const [createProduct] = useMutation(CreateProductDocument, { refetchQueries: ['MyProducts'] });
  const [submitProduct] = useMutation(SubmitProductDocument);

  /** Creates the product; submitting it is a second step whose failure leaves a saved draft (said on the next screen). */
  async function save(input: ProductInput, intent: ProductFormIntent) {
    const created = (await createProduct({ variables: { input } })).data?.createProduct;
    if (!created?.product || intent === 'save') return created;
    const submitted = await submitProduct({ variables: { id: created.product.id } }).then(
      (r) => r.data?.submitProduct.errors[0]?.message ?? (r.data ? null : NETWORK_ERROR),
      () => NETWORK_ERROR,
    );
    return { ...created, notSubmitted: submitted };
  }

  function saved(payload: NonNullable<Awaited<ReturnType<typeof save>>>, intent: ProductFormIntent) {
    const notSubmitted = 'notSubmitted' in payload ? payload.notSubmitted : null;
    const notice = notSubmitted
      ? `Het product is opgeslagen als concept, maar niet ingediend: ${notSubmitted}`
      : intent === 'submit'
        ? 'Uw product is opgeslagen en ingediend. De gemeente beoordeelt het; u krijgt een e-mail zodra het is beoordeeld.'
        : 'Uw product is opgeslagen als concept. Dien het in als het klaar is.';
    void navigate(urls.provider.product(payload.product!.id), { state: withNotice(notice) });
  }

  return (
    <QueryBoundary
      query={categories}
      select={(d) => d.categories}
      title="Nieuw product"
      errorMessage="De categorieën konden niet worden geladen."
    >
      {(list) => (
        <Page
          title="Nieuw product"
          lead="Vul de gegevens van uw product in. De gemeente beoordeelt het voordat het in het aanbod komt."
        >
          <ProductForm
            categories={list}
            saveLabel="Opslaan als concept"
            submitLabel="Opslaan en indienen"
            save={save}
            onSaved={saved}
          />
        </Page>
      )}
    </QueryBoundary>
  );
}
