import { useMutation, useQuery } from '@apollo/client/react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { NETWORK_ERROR } from '@/components/forms/userErrors';
import { Page } from '@/components/layout/Page';
import { ProductForm, type ProductFormIntent } from '@/components/products/ProductForm';
import { PendingImages, uploadProductImage, type PendingImage } from '@/components/products/ProductImages';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { ProductInput } from '@/graphql/generated/graphql';
import { withNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
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

  const [images, setImages] = useState<PendingImage[]>([]);
  // The list as it is when the form is sent (the callbacks below are created before the last render).
  const imagesRef = useRef(images);
  imagesRef.current = images;

  /**
   * Creates the product, then uploads the chosen images in their order (the first is the main picture), then submits
   * it when asked. A failed image or submission leaves a saved draft; the next screen says what is missing.
   */
  async function save(input: ProductInput, intent: ProductFormIntent) {
    const created = (await createProduct({ variables: { input } })).data?.createProduct;
    if (!created?.product) return created;
    const id = created.product.id;
    const failedImages: string[] = [];
    for (const [index, image] of imagesRef.current.entries()) {
      const r = await uploadProductImage(id, image.file, image.alt);
      if (r.errors.length) failedImages.push(`afbeelding ${index + 1} (${image.file.name}): ${r.errors[0]!.message}`);
    }
    if (intent === 'save' || failedImages.length) return { ...created, failedImages, notSubmitted: null };
    const submitted = await submitProduct({ variables: { id } }).then(
      (r) => r.data?.submitProduct.errors[0]?.message ?? (r.data ? null : NETWORK_ERROR),
      () => NETWORK_ERROR,
    );
    return { ...created, failedImages, notSubmitted: submitted };
  }

  function saved(payload: NonNullable<Awaited<ReturnType<typeof save>>>, intent: ProductFormIntent) {
    const failedImages = 'failedImages' in payload ? payload.failedImages : [];
    const notSubmitted = 'notSubmitted' in payload ? payload.notSubmitted : null;
    const notice = failedImages.length
      ? `Het product is opgeslagen als concept${intent === 'submit' ? ' en nog niet ingediend' : ''}, maar niet elke afbeelding kon worden toegevoegd: ${failedImages.join('; ')}. Voeg de afbeelding hieronder opnieuw toe.`
      : notSubmitted
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
          >
            <PendingImages images={images} onChange={setImages} />
          </ProductForm>
        </Page>
      )}
    </QueryBoundary>
  );
}
