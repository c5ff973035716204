import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Audience } from '../../kernel/permissions.js';
import { ContributionPaymentView, PaymentStatusEnum, StartContributionPaymentPayload } from './payment.types.js';

@Resolver(() => ContributionPaymentView)
export class PaymentResolver {
  @Query(() => ContributionPaymentView, {
    nullable: true,
    description:
      'An own-contribution payment of the customer’s household (after returning from the payment page). While it is OPEN its status is ' +
      'fetched from the payment service provider first. Null when it does not exist or is not the household’s.',
  })
  @Requires(Audience.CUSTOMER)
  async myPayment(
    @Arg('id', () => ID, { description: 'The id of the payment.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<ContributionPaymentView | null> {
    const found = await ctx.services.payments.forCustomer(ctx, id, { refresh: true });
    if (!found) return null;
    const { payment } = found;
    return Object.assign(new ContributionPaymentView(), {
      id: payment.id,
      status: payment.status as PaymentStatusEnum,
      amountCents: payment.amountCents,
      refundedCents: payment.refundedCents,
      paymentUrl: payment.status === 'OPEN' ? (payment.checkoutUrl ?? null) : null,
      checkoutId: payment.checkoutId,
    });
  }

  @Mutation(() => StartContributionPaymentPayload, {
    description:
      'Opens (again) the payment page of an OPEN own-contribution payment of the household, e.g. after the page was closed.',
  })
  @Requires(Audience.CUSTOMER)
  async startContributionPayment(
    @Arg('paymentId', () => ID, { description: 'The id of the OPEN own-contribution payment.' }) paymentId: string,
    @Ctx() ctx: Context,
  ): Promise<StartContributionPaymentPayload> {
    return StartContributionPaymentPayload.from(await ctx.services.payments.startForCustomer(ctx, paymentId));
  }

  @Mutation(() => StartContributionPaymentPayload, {
    description:
      'Pays the own contribution of a household order that still waits for it (the payment page was left): a new payment for the same checkout, after the earlier open one is cancelled at the payment service provider. A double click gives one payment.',
  })
  @Requires(Audience.CUSTOMER)
  async payOwnContribution(
    @Arg('orderId', () => ID, { description: 'The id of the household’s order that waits for its own contribution.' })
    orderId: string,
    @Ctx() ctx: Context,
  ): Promise<StartContributionPaymentPayload> {
    return StartContributionPaymentPayload.from(await ctx.services.payments.payAgain(ctx, orderId));
  }
}
