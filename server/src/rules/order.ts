import { invalid, nl, rule, valid, type Rule } from './rule.js';
import { length, normaliseLines } from './text.js';

/** A reason for rejecting or cancelling an order: the customer (and the provider) read it. */
export const ORDER_REASON_LIMITS = { min: 5, max: 1000 } as const;

const { min, max } = ORDER_REASON_LIMITS;

/**
 * How long after "Markeren als geleverd" the provider can still undo it (a wrong order handed over, a mis-tap at the
 * counter). The server enforces it with its clock (OrderActionsService.undoDelivery); the screens only say it.
 */
export const DELIVERY_UNDO_MINUTES = 2;

/**
 * A reason with a hint of who reads it. Required: empty is REQUIRED; optional: empty is null (the service then uses
 * its own default text). Too short is TOO_SHORT, too long TOO_LONG.
 */
function reason(hint: string, required: boolean): Rule<string | null> {
  const tooShort = `Geef een reden op (minstens ${min} tekens). ${hint}`.trim();
  return rule((raw) => {
    const value = normaliseLines(raw);
    if (!value) return required ? invalid('REQUIRED', tooShort) : valid(null);
    const n = length(value);
    if (n < min) return invalid('TOO_SHORT', tooShort);
    if (n > max) return invalid('TOO_LONG', `De reden mag hoogstens ${nl(max)} tekens lang zijn.`);
    return valid(value);
  });
}

/** The reasons of the order actions (modules/orders/order-actions.service.ts and the order screens). */
export const orderReasonRules = {
  /** A provider rejects an order. */
  reject: reason('De klant ziet deze reden.', true),
  /** Staff cancel an order. */
  staffCancel: reason('De klant en de aanbieder zien deze reden.', true),
  /** The customer cancels their own order; the reason is optional. */
  customerCancel: reason('', false),
} as const;
