import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { GraphQLError } from 'graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Permission } from '../../kernel/permissions.js';
import { ListArgs } from '../../graphql/pagination.js';
import {
  PaymentProviderSettingsView,
  PaymentRecordConnection,
  PaymentRecordFilter,
  PaymentRecordTotals,
  SetPaymentProviderInput,
  SetPaymentProviderPayload,
  TestPaymentProviderPayload,
} from './payment-admin.types.js';
import {
  PaymentReconciliationView,
  ResolvePaymentMismatchInput,
  ResolvePaymentMismatchPayload,
  RetryPaymentRefundPayload,
} from './reconciliation.types.js';

/** Finance: the payments list, reconciliation (controle) and the payment provider settings. */
@Resolver()
export class PaymentAdminResolver {
  @Query(() => PaymentRecordConnection, {
    description:
      'Every own-contribution payment and refund within your municipality scope, newest first. The CSV export of ' +
      'the same filter: GET /api/export/betalingen.csv?<filter fields>.',
  })
  @Requires(Permission.PAYMENT_READ)
  adminPayments(
    @Ctx() ctx: Context,
    @Args(() => ListArgs) page: ListArgs,
    @Arg('filter', () => PaymentRecordFilter, {
      description: 'Filters; all optional, combined with "and".',
      nullable: true,
    })
    filter?: PaymentRecordFilter | null,
  ): Promise<PaymentRecordConnection> {
    return ctx.services.paymentAdmin.list(ctx, filter, page);
  }

  @Query(() => PaymentRecordTotals, { description: 'Totals over all payments and refunds matching the filter.' })
  @Requires(Permission.PAYMENT_READ)
  adminPaymentTotals(
    @Ctx() ctx: Context,
    @Arg('filter', () => PaymentRecordFilter, { description: 'The same filter as `adminPayments`.', nullable: true })
    filter?: PaymentRecordFilter | null,
  ): Promise<PaymentRecordTotals> {
    return ctx.services.paymentAdmin.totals(ctx, filter);
  }

  @Query(() => PaymentReconciliationView, {
    description: 'Our payments and refunds of a period (YYYY-MM-DD, inclusive) side by side with the PSP’s.',
  })
  @Requires(Permission.PAYMENT_READ)
  async paymentReconciliation(
    @Ctx() ctx: Context,
    @Arg('from', () => String, { description: 'The first day of the period, YYYY-MM-DD, included.' }) from: string,
    @Arg('to', () => String, { description: 'The last day of the period, YYYY-MM-DD, included.' }) to: string,
  ): Promise<PaymentReconciliationView> {
    const result = await ctx.services.reconciliation.report(ctx, from, to);
    if (!result.ok) {
      const [first] = result.errors;
      throw new GraphQLError(first!.message, { extensions: { code: 'BAD_USER_INPUT', field: first!.field } });
    }
    return result.value;
  }

  @Mutation(() => ResolvePaymentMismatchPayload, {
    description:
      'Resolves a reconciliation difference once: take over the PSP’s status (books what it means) or mark it explained.',
  })
  @Requires(Permission.PAYMENT_READ)
  async resolvePaymentMismatch(
    @Ctx() ctx: Context,
    @Arg('input', () => ResolvePaymentMismatchInput, { description: 'Which difference, how it is resolved and why.' })
    input: ResolvePaymentMismatchInput,
  ): Promise<ResolvePaymentMismatchPayload> {
    return ResolvePaymentMismatchPayload.from(await ctx.services.reconciliation.resolve(ctx, input));
  }

  @Mutation(() => RetryPaymentRefundPayload, { description: 'Sends a refund that stopped retrying once more.' })
  @Requires(Permission.PAYMENT_READ)
  async retryPaymentRefund(
    @Ctx() ctx: Context,
    @Arg('refundId', () => ID, { description: 'The id of the refund that stopped retrying.' }) refundId: string,
  ): Promise<RetryPaymentRefundPayload> {
    return RetryPaymentRefundPayload.from(await ctx.services.reconciliation.retryRefund(ctx, refundId));
  }

  @Query(() => PaymentProviderSettingsView, { description: 'The payment service provider (instellingen/betalingen).' })
  @Requires(Permission.SETTINGS_MANAGE)
  paymentProviderSettings(@Ctx() ctx: Context): Promise<PaymentProviderSettingsView> {
    return ctx.services.paymentSettings.view();
  }

  @Mutation(() => SetPaymentProviderPayload, {
    description: 'Chooses the payment service provider; a Mollie API key is stored encrypted and shown masked.',
  })
  @Requires(Permission.SETTINGS_MANAGE)
  async setPaymentProvider(
    @Ctx() ctx: Context,
    @Arg('input', () => SetPaymentProviderInput, {
      description: 'The payment service provider and, for Mollie, its API key.',
    })
    input: SetPaymentProviderInput,
  ): Promise<SetPaymentProviderPayload> {
    return SetPaymentProviderPayload.from(await ctx.services.paymentSettings.setProvider(ctx, input));
  }

  @Mutation(() => TestPaymentProviderPayload, { description: '"Verbinding testen": asks the provider in force.' })
  @Requires(Permission.SETTINGS_MANAGE)
  async testPaymentProviderConnection(@Ctx() ctx: Context): Promise<TestPaymentProviderPayload> {
    return TestPaymentProviderPayload.from(await ctx.services.paymentSettings.testConnection(ctx));
  }
}
