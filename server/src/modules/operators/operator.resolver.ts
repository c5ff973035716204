import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { mapResult } from '../../kernel/result.js';
import type { OperatorSessionInfo } from './operator.service.js';
import {
  CreateMunicipalityInput,
  CreateMunicipalityPayload,
  OperatorConsole,
  OperatorInfo,
  OperatorLinkPayload,
  OperatorPayload,
  StartOperatorActInput,
} from './operator.types.js';

export function operatorInfo(session: OperatorSessionInfo): OperatorInfo {
  return Object.assign(new OperatorInfo(), {
    id: session.operatorId,
    email: session.email,
    name: session.name,
    sessionExpiresAt: session.expiresAt,
    acting: session.act,
  });
}

/**
 * The operator console's API (/_lightbase). Operators are no audience of the permission model: these fields are open,
 * and answer only to the operator session of this browser (its own cookie): `operator` and `operatorConsole` are null
 * for anyone else, the mutations answer UNAUTHENTICATED as a user error.
 */
@Resolver()
export class OperatorResolver {
  @Query(() => OperatorInfo, {
    nullable: true,
    description: 'The operator of Lightbase logged in to the console in this browser; null for anyone else.',
  })
  async operator(@Ctx() ctx: Context): Promise<OperatorInfo | null> {
    const session = await ctx.services.operators.session(ctx);
    return session ? operatorInfo(session) : null;
  }

  @Query(() => OperatorConsole, {
    nullable: true,
    description:
      'The operator console: every municipality with its figures, and the platform’s health. Operators only.',
  })
  async operatorConsole(@Ctx() ctx: Context): Promise<OperatorConsole | null> {
    const session = await ctx.services.operators.session(ctx);
    if (!session) return null;
    const [municipalities, health] = await Promise.all([
      ctx.services.operatorConsole.municipalities(ctx),
      ctx.services.operatorConsole.health(ctx),
    ]);
    return Object.assign(new OperatorConsole(), { municipalities, health });
  }

  @Mutation(() => OperatorLinkPayload, {
    description:
      'Asks for an operator log-in link by e-mail, valid 10 minutes and only in this browser (sets a cookie). The same answer whether or not the address is known; limited per address and per client address.',
  })
  async requestOperatorLoginLink(
    @Arg('email', () => String, { description: 'The operator’s e-mail address.' }) email: string,
    @Ctx() ctx: Context,
  ): Promise<OperatorLinkPayload> {
    return OperatorLinkPayload.from(await ctx.services.operators.requestLoginLink(ctx, email));
  }

  @Mutation(() => OperatorPayload, {
    description:
      'Logs an operator in with the token of a mailed link (/_lightbase/auth/{token}): once, within 10 minutes, in the browser that asked for it. Sets the operator session cookie.',
  })
  async completeOperatorLogin(
    @Arg('token', () => String, { description: 'The token from the link.' }) token: string,
    @Ctx() ctx: Context,
  ): Promise<OperatorPayload> {
    return OperatorPayload.from(await mapResult(await ctx.services.operators.completeLogin(ctx, token), operatorInfo));
  }

  @Mutation(() => Boolean, { description: 'Ends this browser’s operator session (and any acting). Always succeeds.' })
  async operatorLogout(@Ctx() ctx: Context): Promise<boolean> {
    return ctx.services.operators.logout(ctx);
  }

  @Mutation(() => CreateMunicipalityPayload, {
    description: 'Operators: creates a municipality (a new tenant) and invites its first Beheerder.',
  })
  async createMunicipality(
    @Arg('input', () => CreateMunicipalityInput, { description: 'The municipality and its first Beheerder.' })
    input: CreateMunicipalityInput,
    @Ctx() ctx: Context,
  ): Promise<CreateMunicipalityPayload> {
    const session = await ctx.services.operators.session(ctx);
    return CreateMunicipalityPayload.from(await ctx.services.operatorConsole.createMunicipality(ctx, session, input));
  }

  @Mutation(() => OperatorPayload, {
    description:
      'Operators: starts acting in a municipality’s admin area, as a Beheerder of that municipality only, for a stated reason and 15 to 120 minutes. Audit-logged.',
  })
  async startOperatorAct(
    @Arg('input', () => StartOperatorActInput, { description: 'Where, why and how long.' })
    input: StartOperatorActInput,
    @Ctx() ctx: Context,
  ): Promise<OperatorPayload> {
    return OperatorPayload.from(await mapResult(await ctx.services.operators.startActing(ctx, input), operatorInfo));
  }

  @Mutation(() => OperatorPayload, {
    description: 'Operators: stops acting in a municipality (the operator stays logged in to the console).',
  })
  async stopOperatorAct(@Ctx() ctx: Context): Promise<OperatorPayload> {
    return OperatorPayload.from(await mapResult(await ctx.services.operators.stopActing(ctx), operatorInfo));
  }
}
