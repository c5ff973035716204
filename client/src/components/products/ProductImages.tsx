import { useMutation } from '@apollo/client/react';
import { IMAGE_LIMITS, IMAGE_MESSAGES, IMAGE_TYPES, imageFileProblem, imageHint } from '@rules/image';
import { useUploadLimit } from '../settings/publicSettings';
import { useEffect, useId, useRef, useState } from 'react';
import { graphql } from '../../graphql/generated';
import { useShowNotice } from '../../lib/notice';
import { urls } from '../../lib/urls';
import { TextField } from '../forms/TextField';
import { useMutationForm } from '../forms/useMutationForm';
import type { FormError } from '../forms/userErrors';
import { uploadFile } from '../../lib/upload';
import { FieldError } from '@/components/forms/TextField';

/** What the provider's image list shows of an image: select `images { ...OwnProductImage @unmask }`. */
graphql(`
  fragment OwnProductImage on ProductImage {
    id
    url
    thumbnailUrl
    alt
    width
    height
  }
`);

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

const ReorderProductImagesDocument = graphql(`
  mutation ReorderProductImages($productId: ID!, $imageIds: [ID!]!) {
    reorderProductImages(productId: $productId, imageIds: $imageIds) {
      product {
        id
        images {
          ...OwnProductImage @unmask
        }
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** Sends one image to the upload endpoint; the answer's errors have the shape of a mutation payload's. */
export async function uploadProductImage(productId: string, file: Blob, alt: string): Promise<{ errors: FormError[] }> {
  const { errors } = await uploadFile(urls.server.productImages(productId), file, { fields: { alt } });
  return { errors };
}

export interface OrderedImage {
  key: string;
  src: string;
  alt: string;
}

/** Where the focus goes after a move: the same button of the moved image, or its other one at the end of the list. */
type FocusAfterMove = { key: string; direction: 'up' | 'down' } | null;

/**
 * A list of images in their order, with "omhoog" and "omlaag" buttons (real buttons, keyboard usable) and a remove
 * button; the first image is the main picture. Every change is announced, and the focus stays with the moved image.
 */
export function ImageOrderList({
  images,
  busy = false,
  onMove,
  onRemove,
  editable = true,
  removeLabel = 'Verwijder',
}: {
  images: readonly OrderedImage[];
  busy?: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  editable?: boolean;
  removeLabel?: string;
}) {
  const [announcement, setAnnouncement] = useState('');
  const focusAfter = useRef<FocusAfterMove>(null);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const target = focusAfter.current;
    if (!target || busy) return;
    const item = listRef.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(target.key)}"]`);
    const preferred = item?.querySelector<HTMLButtonElement>(`[data-move="${target.direction}"]:not(:disabled)`);
    const other = item?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    (preferred ?? other)?.focus();
    focusAfter.current = null;
  });

  function move(index: number, direction: 'up' | 'down') {
    const to = direction === 'up' ? index - 1 : index + 1;
    focusAfter.current = { key: images[index]!.key, direction };
    setAnnouncement(
      `Afbeelding ${index + 1} staat nu op plaats ${to + 1}${to === 0 ? ' en is de hoofdafbeelding' : ''}.`,
    );
    onMove(index, to);
  }

  return (
    <>
      <ol className="gw-image-list" ref={listRef}>
        {images.map((image, index) => {
          const name = image.alt ? `afbeelding ${index + 1} (${image.alt})` : `afbeelding ${index + 1}`;
          return (
            <li key={image.key} data-key={image.key}>
              <img src={image.src} alt={image.alt || `Afbeelding ${index + 1}`} width={400} height={300} />
              <p className="gw-image-list__caption">
                {index === 0 ? <strong>Hoofdafbeelding</strong> : `Afbeelding ${index + 1}`}
              </p>
              {editable ? (
                <div className="gw-image-list__actions">
                  <button
                    type="button"
                    className="gw-button gw-button--secondary gw-button--small"
                    data-move="up"
                    disabled={busy || index === 0}
                    onClick={() => move(index, 'up')}
                  >
                    Omhoog<span className="gw-visually-hidden"> met {name}</span>
                  </button>
                  <button
                    type="button"
                    className="gw-button gw-button--secondary gw-button--small"
                    data-move="down"
                    disabled={busy || index === images.length - 1}
                    onClick={() => move(index, 'down')}
                  >
                    Omlaag<span className="gw-visually-hidden"> met {name}</span>
                  </button>
                  <button
                    type="button"
                    className="gw-button gw-button--secondary gw-button--small"
                    disabled={busy}
                    onClick={() => onRemove(index)}
                  >
                    {removeLabel}
                    <span className="gw-visually-hidden"> {name}</span>
                  </button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      <p className="gw-visually-hidden" role="status">
        {announcement}
      </p>
    </>
  );
}

/** An image chosen in the new-product form, sent once the product is saved. */
export interface PendingImage {
  key: string;
  file: File;
  alt: string;
  preview: string;
}

/**
 * Images chosen while a new product is being written, before it exists: checked with the shared rules as they are
 * chosen, shown and put in order here, and uploaded in this order right after the product is saved (before it is
 * submitted). No `name` on the inputs: they are not part of the product form's data.
 */
export function PendingImages({
  images,
  onChange,
}: {
  images: readonly PendingImage[];
  onChange: (images: PendingImage[]) => void;
}) {
  const headingId = useId();
  const fileId = useId();
  const altId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const altRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState('');
  const uploadLimit = useUploadLimit();
  const full = images.length >= IMAGE_LIMITS.maxPerProduct;

  // The previews are object URLs: released when the image leaves the list or the form goes.
  const latest = useRef(images);
  latest.current = images;
  useEffect(() => () => latest.current.forEach((i) => URL.revokeObjectURL(i.preview)), []);

  function add() {
    const file = fileRef.current?.files?.[0] ?? null;
    const p = full ? IMAGE_MESSAGES.tooMany : imageFileProblem(file, uploadLimit);
    setProblem(p);
    if (p || !file) {
      fileRef.current?.focus();
      return;
    }
    const alt = (altRef.current?.value ?? '').trim().slice(0, IMAGE_LIMITS.altMax);
    onChange([...images, { key: crypto.randomUUID(), file, alt, preview: URL.createObjectURL(file) }]);
    setAdded(`${file.name} is toegevoegd als afbeelding ${images.length + 1}.`);
    if (fileRef.current) fileRef.current.value = '';
    if (altRef.current) altRef.current.value = '';
  }

  function move(from: number, to: number) {
    const next = [...images];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  }

  function remove(index: number) {
    URL.revokeObjectURL(images[index]!.preview);
    onChange(images.filter((_, i) => i !== index));
    setAdded(`Afbeelding ${index + 1} is weggehaald.`);
    fileRef.current?.focus();
  }

  return (
    <fieldset className="gw-fieldset" aria-labelledby={headingId}>
      <legend id={headingId}>Afbeeldingen</legend>
      <p className="gw-field__hint">
        De eerste afbeelding is de hoofdafbeelding in het aanbod. Ze worden opgeslagen samen met het product.
      </p>
      {images.length ? (
        <ImageOrderList
          images={images.map((i) => ({ key: i.key, src: i.preview, alt: i.alt }))}
          onMove={move}
          onRemove={remove}
          removeLabel="Weghalen"
        />
      ) : (
        <p>U heeft nog geen afbeeldingen gekozen.</p>
      )}
      <div className="gw-field">
        <label className="gw-field__label" htmlFor={fileId}>
          Afbeelding kiezen
        </label>
        <span className="gw-field__hint" id={`${fileId}-hint`}>
          JPEG, PNG of WebP, hoogstens {uploadLimit} MB; hoogstens {IMAGE_LIMITS.maxPerProduct} afbeeldingen.
        </span>
        <FieldError id={fileId} error={problem} />
        <input
          ref={fileRef}
          id={fileId}
          type="file"
          className="gw-input"
          accept={IMAGE_TYPES.join(',')}
          aria-invalid={problem ? true : undefined}
          aria-describedby={[`${fileId}-hint`, problem ? `${fileId}-fout` : null].filter(Boolean).join(' ')}
        />
      </div>
      <div className="gw-field">
        <label className="gw-field__label" htmlFor={altId}>
          Beschrijving van de afbeelding
        </label>
        <span className="gw-field__hint" id={`${altId}-hint`}>
          Voor wie de afbeelding niet kan zien, bijvoorbeeld ‘Kinderen in het zwembad’.
        </span>
        <input
          ref={altRef}
          id={altId}
          type="text"
          className="gw-input"
          maxLength={IMAGE_LIMITS.altMax}
          aria-describedby={`${altId}-hint`}
        />
      </div>
      <button type="button" className="gw-button gw-button--secondary" onClick={add} disabled={full}>
        Afbeelding toevoegen
      </button>
      <p className="gw-visually-hidden" role="status">
        {added}
      </p>
    </fieldset>
  );
}

interface ProductImagesProps {
  productId: string;
  images: ReadonlyArray<{ id: string; url: string; thumbnailUrl: string; alt: string }>;
  editable: boolean;
  onChanged: () => void;
}

/**
 * The images of an own product: thumbnails in order (move up/down, the first is the main picture), upload and
 * delete. The upload goes to the REST endpoint (a multipart form), whose answer has the same `errors` as a mutation
 * payload; what the browser can tell of the file (none, too large, another type) is checked first with the server's
 * rules (`@rules/image`).
 */
export function ProductImages({ productId, images, editable, onChanged }: ProductImagesProps) {
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const uploadLimit = useUploadLimit();
  const showNotice = useShowNotice();
  const [deleteImage] = useMutation(DeleteProductImageDocument);
  const [reorderImages] = useMutation(ReorderProductImagesDocument);
  const upload = useMutationForm({
    id: 'afbeelding',
    fields: ['file', 'alt'] as const,
    check: (_, data) => ({ file: imageFileProblem(data.get('file') as File | null, uploadLimit) }),
    mutate: async (_, data) => {
      const file = data.get('file');
      return uploadProductImage(productId, file as File, String(data.get('alt') ?? ''));
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
  const reorder = useMutationForm({
    id: 'afbeeldingen-volgorde',
    fields: [],
    mutate: async (_, data) =>
      (
        await reorderImages({
          variables: { productId, imageIds: String(data.get('imageIds')).split(',') },
        })
      ).data?.reorderProductImages,
  });
  const remove = (index: number) => {
    const data = new FormData();
    data.set('imageId', images[index]!.id);
    void removal.submit(data);
  };
  const move = (from: number, to: number) => {
    const ids = images.map((i) => i.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id!);
    const data = new FormData();
    data.set('imageIds', ids.join(','));
    void reorder.submit(data);
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Afbeeldingen</h2>
      {removal.summary}
      {reorder.summary}
      {images.length === 0 ? <p>Dit product heeft nog geen afbeeldingen.</p> : null}
      {images.length > 1 && editable ? (
        <p>De eerste afbeelding is de hoofdafbeelding in het aanbod. Verander de volgorde met Omhoog en Omlaag.</p>
      ) : null}
      {images.length > 0 ? (
        <ImageOrderList
          images={images.map((i) => ({ key: i.id, src: i.thumbnailUrl, alt: i.alt }))}
          busy={removal.busy || reorder.busy}
          editable={editable}
          onMove={move}
          onRemove={remove}
          removeLabel="Verwijder"
        />
      ) : null}
      {editable ? (
        <form className="gw-form" ref={formRef} {...upload.props}>
          {upload.summary}
          <TextField
            label="Afbeelding toevoegen"
            type="file"
            accept={IMAGE_TYPES.join(',')}
            hint={imageHint(uploadLimit)}
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
