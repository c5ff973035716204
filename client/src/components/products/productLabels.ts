import type { ProductAvailability, RedemptionMethod } from '../../graphql/generated/graphql';

/** Dutch labels of how a customer receives a product. */
export const redemptionMethodLabel: Record<RedemptionMethod, string> = {
  PICKUP: 'Ophalen bij de aanbieder',
  DELIVERY: 'Bezorgen',
  VOUCHER_CODE: 'Tegoedbon met code',
};

export const availabilityLabel: Record<ProductAvailability, string> = {
  AVAILABLE: 'Beschikbaar',
  TEMPORARILY_UNAVAILABLE: 'Tijdelijk niet beschikbaar',
};

/** The server's rules (server/src/modules/catalogue/product.service.ts PRODUCT_RULES), mirrored for instant feedback. */
export const PRODUCT_RULES = {
  titleMin: 3,
  titleMax: 120,
  priceMinCents: 1,
  priceMaxCents: 1_000_000,
  descriptionMax: 10_000,
  reasonMin: 5,
  reasonMax: 2000,
} as const;
