import { useMutation } from '@apollo/client/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { graphql } from '../../graphql/generated';
import { urls } from '../../lib/urls';
import { Alert } from '../ui/Alert';

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

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

interface ProductImagesProps {
  productId: string;
  images: ReadonlyArray<{ id: string; url: string; thumbnailUrl: string; alt: string }>;
  editable: boolean;
  onChanged: () => void;
}

/** The images of an own product: thumbnails, upload (JPEG, PNG or WebP up to 5 MB) and delete. */
export function ProductImages({ productId, images, editable, onChanged }: ProductImagesProps) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteImage] = useMutation(DeleteProductImageDocument);

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setMessage(null);
    const form = event.currentTarget;
    const file = fileRef.current?.files?.[0];
    // The same checks as the server, for instant feedback; the server checks the real content again.
    if (!file) return setError('Kies een afbeelding om te uploaden.');
    if (file.size > IMAGE_MAX_BYTES) return setError('Deze afbeelding is te groot. Een afbeelding mag hoogstens 5 MB zijn.');
    if (file.type && !IMAGE_TYPES.includes(file.type)) {
      return setError('Dit bestand is geen afbeelding. Kies een JPEG-, PNG- of WebP-afbeelding.');
    }
    const body = new FormData(form);
    setBusy(true);
    try {
      const res = await fetch(urls.server.productImages(productId), {
        method: 'POST',
        body,
        credentials: 'same-origin',
        headers: { 'X-Gemeentewinkel-Upload': '1' },
      });
      const json = (await res.json().catch(() => null)) as { errors?: { message: string }[] } | null;
      if (!res.ok || json?.errors?.length) {
        setError(json?.errors?.map((e) => e.message).join(' ') || 'Uploaden is niet gelukt. Probeer het opnieuw.');
        return;
      }
      form.reset();
      setMessage('De afbeelding is toegevoegd.');
      onChanged();
    } catch {
      setError('Uploaden is niet gelukt door een storing. Probeer het over een paar minuten opnieuw.');
    } finally {
      setBusy(false);
    }
  }

  async function remove(imageId: string) {
    setError(null);
    setMessage(null);
    try {
      const result = await deleteImage({ variables: { productId, imageId } });
      const errors = result.data?.deleteProductImage.errors ?? [];
      if (errors.length) setError(errors.map((e) => e.message).join(' '));
      else {
        setMessage('De afbeelding is verwijderd.');
        onChanged();
      }
    } catch {
      setError('Verwijderen is niet gelukt door een storing. Probeer het over een paar minuten opnieuw.');
    }
  }

  return (
    <section aria-labelledby={`${id}-kop`}>
      <h2 id={`${id}-kop`}>Afbeeldingen</h2>
      {message ? (
        <Alert variant="success" role="status">
          <p>{message}</p>
        </Alert>
      ) : null}
      {error ? (
        <Alert variant="error" role="alert">
          <p>{error}</p>
        </Alert>
      ) : null}
      {images.length === 0 ? <p>Dit product heeft nog geen afbeeldingen.</p> : null}
      {images.length > 0 ? (
        <ul className="gw-image-list">
          {images.map((image, index) => (
            <li key={image.id}>
              <img src={image.thumbnailUrl} alt={image.alt || `Afbeelding ${index + 1}`} width={400} height={300} loading="lazy" />
              {editable ? (
                <button type="button" className="gw-button gw-button--secondary" onClick={() => void remove(image.id)}>
                  Verwijder afbeelding {index + 1}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {editable ? (
        <form className="gw-form" onSubmit={upload} noValidate>
          <div className="gw-field">
            <label className="gw-field__label" htmlFor={`${id}-bestand`}>
              Afbeelding toevoegen
            </label>
            <span className="gw-field__hint" id={`${id}-hint`}>
              JPEG, PNG of WebP, hoogstens 5 MB.
            </span>
            <input ref={fileRef} id={`${id}-bestand`} name="file" type="file" accept={IMAGE_TYPES.join(',')} aria-describedby={`${id}-hint`} />
          </div>
          <div className="gw-field">
            <label className="gw-field__label" htmlFor={`${id}-alt`}>
              Beschrijving van de afbeelding
            </label>
            <span className="gw-field__hint" id={`${id}-alt-hint`}>
              Voor wie de afbeelding niet kan zien, bijvoorbeeld ‘Kinderen in het zwembad’.
            </span>
            <input id={`${id}-alt`} name="alt" className="gw-input" maxLength={200} aria-describedby={`${id}-alt-hint`} />
          </div>
          <button type="submit" className="gw-button gw-button--secondary" disabled={busy}>
            {busy ? 'Bezig met uploaden…' : 'Afbeelding uploaden'}
          </button>
        </form>
      ) : null}
    </section>
  );
}
