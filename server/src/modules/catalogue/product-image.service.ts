import { randomUUID } from 'node:crypto';
import type { RequestContext } from '../../kernel/request-context.js';
import { UserError } from '../../kernel/errors.js';
import { isUuid } from '../../graphql/ids.js';
import type { FileStorage } from '../../integrations/storage/file-storage.js';
import { Product, ProductStatus } from './product.entity.js';
import { ProductImage } from './product-image.entity.js';
import { ProductPayload } from './product.inputs.js';
import type { ProductService } from './product.service.js';
import { IMAGE_MESSAGES, IMAGE_RULES, encodeImage, type EncodedVariant } from '../../platform/images.js';

export interface ImageUploadResult {
  image: ProductImage | null;
  errors: UserError[];
  /** HTTP status for the REST endpoint. */
  status: number;
}

/**
 * Product images: checked by content (JPEG, PNG or WebP, at most 5 MB), decoded and re-encoded with sharp (which
 * also drops metadata such as the GPS position of a phone photo), stored as a large image and a thumbnail through
 * FileStorage. Nothing is stored unless the whole upload is valid. The same ownership and state rules as editing.
 */
export class ProductImageService {
  constructor(
    private readonly storage: FileStorage,
    private readonly products: ProductService,
  ) {}

  async add(
    ctx: RequestContext,
    productId: string,
    data: Buffer | null,
    alt: string,
    truncated = false,
  ): Promise<ImageUploadResult> {
    const fail = (status: number, field: string | null, code: string, message: string): ImageUploadResult => ({
      image: null,
      errors: [UserError.of(field, code, message)],
      status,
    });
    const encoded = await encodeImage(data, truncated, [
      { width: IMAGE_RULES.largeWidth, quality: 82 },
      { width: IMAGE_RULES.thumbWidth, height: IMAGE_RULES.thumbHeight, fit: 'cover', quality: 75 },
    ]);
    if (!encoded.ok) return fail(encoded.status, 'file', encoded.code, encoded.message);
    const { type } = encoded;
    const [large, thumbnail] = encoded.variants as [EncodedVariant, EncodedVariant];
    const thumb = thumbnail.data;
    const altText = alt.trim().slice(0, IMAGE_RULES.altMax);

    const id = randomUUID();
    const storageKey = `products/${id}.webp`;
    const thumbnailKey = `products/${id}-thumb.webp`;
    let stored = false;
    let image: ProductImage | null = null;
    const payload = await this.products
      .withOwnProduct(ctx, productId, async (em, product) => {
        const problem = editProblem(product);
        if (problem) return ProductPayload.fail(problem);
        const count = await em.count(ProductImage, { product: product.id });
        if (count >= IMAGE_RULES.maxPerProduct)
          return ProductPayload.fail(UserError.of('file', 'TOO_MANY', IMAGE_MESSAGES.tooMany));
        await this.storage.put(storageKey, large.data);
        await this.storage.put(thumbnailKey, thumb);
        stored = true;
        image = em.create(ProductImage, {
          id,
          product,
          storageKey,
          thumbnailKey,
          contentType: 'image/webp',
          originalContentType: type,
          byteSize: large.data.length,
          width: large.info.width,
          height: large.info.height,
          alt: altText,
          sortOrder: count,
        });
        if (product.status === ProductStatus.APPROVED) await this.products.backToDraft(em, product);
        return ProductPayload.ok(product);
      })
      .catch(async (error: unknown) => {
        if (stored) await this.removeFiles(storageKey, thumbnailKey);
        throw error;
      });
    if (payload.errors.length) {
      const notFound = payload.errors.some((e) => e.code === 'NOT_FOUND');
      return { image: null, errors: payload.errors, status: notFound ? 404 : 400 };
    }
    return { image, errors: [], status: 201 };
  }

  /**
   * Puts an own product's images in the given order (every image exactly once); the first is the main picture. The
   * images themselves do not change, so an approved product stays in the offer.
   */
  async reorder(ctx: RequestContext, productId: string, imageIds: readonly string[]): Promise<ProductPayload> {
    return this.products.withOwnProduct(ctx, productId, async (em, product) => {
      const problem = editProblem(product);
      if (problem) return ProductPayload.fail(problem);
      const images = await em.find(ProductImage, { product: product.id });
      const known = new Set(images.map((i) => i.id));
      if (
        imageIds.length !== images.length ||
        new Set(imageIds).size !== imageIds.length ||
        imageIds.some((id) => !known.has(id))
      ) {
        return ProductPayload.fail(
          UserError.of(
            'imageIds',
            'STALE',
            'De afbeeldingen van dit product zijn intussen gewijzigd. Laad de pagina opnieuw en probeer het nog eens.',
          ),
        );
      }
      const byId = new Map(images.map((i) => [i.id, i]));
      imageIds.forEach((id, index) => {
        byId.get(id)!.sortOrder = index;
      });
      return ProductPayload.ok(product);
    });
  }

  async delete(ctx: RequestContext, productId: string, imageId: string): Promise<ProductPayload> {
    let keys: string[] = [];
    const payload = await this.products.withOwnProduct(ctx, productId, async (em, product) => {
      const problem = editProblem(product);
      if (problem) return ProductPayload.fail(problem);
      const image = isUuid(imageId) ? await em.findOne(ProductImage, { id: imageId, product: product.id }) : null;
      if (!image) return ProductPayload.fail(UserError.of(null, 'NOT_FOUND', 'Deze afbeelding is niet gevonden.'));
      keys = [image.storageKey, image.thumbnailKey];
      em.remove(image);
      if (product.status === ProductStatus.APPROVED) await this.products.backToDraft(em, product);
      return ProductPayload.ok(product);
    });
    // Files go after the database row is gone: a failed commit leaves the image intact.
    if (!payload.errors.length) await this.removeFiles(...keys);
    return payload;
  }

  private async removeFiles(...keys: string[]) {
    await Promise.all(keys.map((k) => this.storage.delete(k).catch(() => undefined)));
  }
}

/** Why a product's images cannot change now, or null. */
function editProblem(product: Product): UserError | null {
  if (product.status === ProductStatus.SUBMITTED) {
    return UserError.of(
      null,
      'INVALID_TRANSITION',
      'Dit product wordt beoordeeld door de gemeente. U kunt het wijzigen nadat het is beoordeeld.',
    );
  }
  if (product.status === ProductStatus.ARCHIVED) {
    return UserError.of(null, 'INVALID_TRANSITION', 'Een gearchiveerd product kunt u niet meer wijzigen.');
  }
  return null;
}
