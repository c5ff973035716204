import { useMutation } from '@apollo/client/react';
import { IMAGE_LIMITS, IMAGE_TYPES, imageFileProblem } from '@rules/image';
import { useId, useRef } from 'react';
import { graphql } from '../../graphql/generated';
import { useShowNotice } from '../../lib/notice';
import { urls } from '../../lib/urls';
import { TextField } from '../forms/TextField';
import { useMutationForm } from '../forms/useMutationForm';
import type { FormError } from '../forms/userErrors';

const DeleteProductImageDocument = graphql(`
  mutation DeleteProductImage($productId: ID!, $imageId: ID!) {
    deleteProductImage(productId: $productId, imageId: $imageId) {
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

interface ProductImagesProps {
  productId: string;
  images: ReadonlyArray<{ id: string; url: string; thumbnailUrl: string; alt: string }>;
  editable: boolean;
  onChanged: () => void;
}

/**
 * The images of an own product: thumbnails, upload and delete. The upload goes to the REST endpoint (a multipart
 * form), whose answer has the same `errors` as a mutation payload; what the browser can tell of the file (none, too
 * large, another type) is checked first with the server's rules (`@rules/image`).
 */
export function ProductImages({ productId, images, editable, onChanged }: ProductImagesProps) {
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const showNotice = useShowNotice();
  const [deleteImage] = useMutation(DeleteProductImageDocument);
  const upload = useMutationForm({
    id: 'afbeelding',
    fields: ['file', 'alt'] as const,
    check: (_, data) => ({ file: imageFileProblem(data.get('file') as File | null) }),
    mutate: async (_, data) => {
      const res = await fetch(urls.server.productImages(productId), {
        method: 'POST',
        body: data,
        credentials: 'same-origin',
        headers: { 'X-Gemeentewinkel-Upload': '1' },
      });
      const json = (await res.json().catch(() => null)) as { errors?: FormError[] } | null;
      return json?.errors && (json.errors.length || res.ok) ? { errors: json.errors } : null;
    },
    onSuccess: () => {
      formRef.current?.reset();
      showNotice('De afbeelding is toegevoegd.');
      onChanged();
    },
  });
  const removal = useMutationForm({
    id: 'afbeelding-verwijderen',
    fields: [],
    mutate: async (_, data) =>
      (await deleteImage({ variables: { productId, imageId: String(data.get('imageId')) } })).data?.deleteProductImage,
    // The button is gone with the image: the focus goes to the notice.
    onSuccess: () => {
      showNotice('De afbeelding is verwijderd.', { focus: true });
      onChanged();
    },
  });
  const remove = (imageId: string) => {
    const data = new FormData();
    data.set('imageId', imageId);
    void removal.submit(data);
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Afbeeldingen</h2>
      {removal.summary}
      {images.length === 0 ? <p>Dit product heeft nog geen afbeeldingen.</p> : null}
      {images.length > 0 ? (
        <ul className="gw-image-list">
          {images.map((image, index) => (
            <li key={image.id}>
              <img
                src={image.thumbnailUrl}
                alt={image.alt || `Afbeelding ${index + 1}`}
                width={400}
                height={300}
                loading="lazy"
              />
              {editable ? (
                <button
                  type="button"
                  className="gw-button gw-button--secondary"
                  onClick={() => remove(image.id)}
                  disabled={removal.busy}
                >
                  Verwijder afbeelding {index + 1}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {editable ? (
        <form className="gw-form" ref={formRef} {...upload.props}>
          {upload.summary}
          <TextField
            label="Afbeelding toevoegen"
            type="file"
            accept={IMAGE_TYPES.join(',')}
            hint={`JPEG, PNG of WebP, hoogstens ${IMAGE_LIMITS.maxBytes / 1024 / 1024} MB.`}
            {...upload.field('file')}
          />
          <TextField
            label="Beschrijving van de afbeelding"
            hint="Voor wie de afbeelding niet kan zien, bijvoorbeeld ‘Kinderen in het zwembad’."
            maxLength={IMAGE_LIMITS.altMax}
            {...upload.field('alt')}
          />
          <button type="submit" className="gw-button gw-button--secondary" disabled={upload.busy}>
            {upload.busy ? 'Bezig met uploaden…' : 'Afbeelding uploaden'}
          </button>
        </form>
      ) : null}
    </section>
  );
}
