import { clientAddress } from '../limits/index.js';
import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { RegisterProviderInput, RegisterProviderPayload } from './provider.types.js';

@Resolver()
export class RegistrationResolver {
  @Mutation(() => RegisterProviderPayload, {
    description:
      'Registers a provider organisation with its first user and mails a confirmation link. An address that already has an account gets the same answer (and a mail saying so).',
  })
  async registerProvider(
    @Arg('input', () => RegisterProviderInput, {
      description: 'The organisation, its first user and the accepted terms.',
    })
    input: RegisterProviderInput,
    @Ctx() ctx: Context,
  ): Promise<RegisterProviderPayload> {
    const r = await ctx.services.registration.register(ctx, clientAddress(ctx.req), input);
    return RegisterProviderPayload.from(r);
  }
}
