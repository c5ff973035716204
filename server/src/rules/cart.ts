import { nl } from './rule.js';
import { integer } from './text.js';

/** The cart's limits: how many of one product, how many different products (the checkout's limit too). */
export const CART_LIMITS = { quantityMin: 1, quantityMax: 99, lines: 100 } as const;

const { quantityMin, quantityMax, lines } = CART_LIMITS;

/** The Dutch messages of the cart's limits, for the server cart and the visitor's cart in the browser alike. */
export const CART_MESSAGES = {
  quantity: `Kies een aantal van ${nl(quantityMin)} tot en met ${nl(quantityMax)}.`,
  tooMany: `U kunt van een product hoogstens ${nl(quantityMax)} stuks in uw winkelwagen hebben.`,
  full: `Uw winkelwagen is vol: er passen hoogstens ${nl(lines)} verschillende producten in.`,
} as const;

/** How many of a product (typed or chosen): a whole number from 1 to 99. */
export const cartQuantityRule = integer({
  min: quantityMin,
  max: quantityMax,
  required: CART_MESSAGES.quantity,
  message: CART_MESSAGES.quantity,
});
