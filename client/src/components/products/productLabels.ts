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

/** The server's product limits (server/src/rules/product.ts through `@rules`): the same numbers, not a copy. */
export { PRODUCT_LIMITS as PRODUCT_RULES } from '@rules/product';
