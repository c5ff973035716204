import type { UserError } from '../kernel/errors.js';
import type { RequestContext } from '../kernel/request-context.js';
import type { CheckoutInputLike, CheckoutOutcome } from '../modules/orders/checkout.service.js';
import type { Services } from '../platform/composition.js';

/**
 * A direct checkout (CheckoutService.checkout, a Result) read flat for assertions: what was booked, and the errors
 * (empty when it worked; nothing booked when not).
 */
export async function checkoutOutcome(
  server: { services: Pick<Services, 'checkout'> },
  ctx: RequestContext,
  input: CheckoutInputLike,
): Promise<
  { [K in keyof CheckoutOutcome]: CheckoutOutcome[K] | null } & {
    orders: CheckoutOutcome['orders'];
    errors: UserError[];
  }
> {
  const result = await server.services.checkout.checkout(ctx, input);
  return result.ok
    ? { ...result.value, errors: [] }
    : { checkout: null, orders: [], payment: null, errors: [...result.errors] };
}
