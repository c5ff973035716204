import { useMutation, useQuery } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/layout/Page';
import { ProductForm, type ProductFormIntent, type ProductFormOutcome } from '../../../components/products/ProductForm';
import { Loading } from '../../../components/ui/Loading';
import { QueryError } from '../../../components/ui/QueryError';
import { graphql } from '../../../graphql/generated';
import type { ProductInput } from '../../../graphql/generated/graphql';
import { urls } from '../../../lib/urls';

export const ProductFormCategoriesDocument = graphql(`
  query ProductFormCategories {
    categories {
      id
      name
    }
  }
`);

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

export const SubmitProductDocument = graphql(`
  mutation SubmitProduct($id: ID!) {
    submitProduct(id: $id) {
      product {
        id
        status
        submittedAt
        updatedAt
        ...ProductDecisions_product
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** A new product: saved as a draft, or saved and submitted for review at once. */
export default function ProductNewScreen() {
  const navigate = useNavigate();
  const categories = useQuery(ProductFormCategoriesDocument);
  const [createProduct] = useMutation(CreateProductDocument, { refetchQueries: ['MyProducts'] });
  const [submitProduct] = useMutation(SubmitProductDocument);

  async function save(input: ProductInput, intent: ProductFormIntent): Promise<ProductFormOutcome> {
    const result = await createProduct({ variables: { input } });
    const payload = result.data?.createProduct;
    if (!payload?.product) return { ok: false, errors: payload?.errors ?? [] };
    const id = payload.product.id;
    if (intent === 'submit') {
      const submitted = await submitProduct({ variables: { id } });
      const errors = submitted.data?.submitProduct.errors ?? [];
      if (errors.length) {
        void navigate(urls.provider.product(id), { state: { notice: `Het product is opgeslagen als concept, maar niet ingediend: ${errors[0]!.message}` } });
        return { ok: true };
      }
    }
    void navigate(urls.provider.product(id), {
      state: {
        notice:
          intent === 'submit'
            ? 'Uw product is opgeslagen en ingediend. De gemeente beoordeelt het; u krijgt een e-mail zodra het is beoordeeld.'
            : 'Uw product is opgeslagen als concept. Dien het in als het klaar is.',
      },
    });
    return { ok: true };
  }

  return (
    <Page title="Nieuw product" lead="Vul de gegevens van uw product in. De gemeente beoordeelt het voordat het in het aanbod komt.">
      <div aria-busy={categories.loading}>
        {categories.loading ? <Loading /> : null}
        {categories.error ? <QueryError message="De categorieën konden niet worden geladen." onRetry={() => void categories.refetch()} /> : null}
      </div>
      {categories.data ? (
        <ProductForm categories={categories.data.categories} saveLabel="Opslaan als concept" submitLabel="Opslaan en indienen" onSave={save} />
      ) : null}
    </Page>
  );
}
