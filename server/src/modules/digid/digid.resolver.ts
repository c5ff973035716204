import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Permission } from '../../kernel/permissions.js';
import { Requires } from '../../graphql/auth/requires.js';
import { mapResult, type Result } from '../../kernel/result.js';
import { digidEntityId, digidMetadataUrl } from './digid-config.js';
import { daysLeft, EXPIRY_WARNING_DAYS, type DigidCertificateRecord } from './digid-certificate.service.js';
import {
  DigidCertificate,
  DigidCertificatePayload,
  DigidCertificateStateEnum,
  DigidCertificateWarning,
  DigidSettings,
  GenerateDigidKeyInput,
  UploadDigidCertificateInput,
} from './digid.types.js';

function toType(r: DigidCertificateRecord, now: Date): DigidCertificate {
  return Object.assign(new DigidCertificate(), {
    ...r,
    state: r.state as DigidCertificateStateEnum,
    daysLeft: r.notAfter ? daysLeft(now, r.notAfter) : null,
  });
}

/** instellingen/digid and nieuwe-certificaten: the connection's settings and the certificate rollover. */
@Resolver()
export class DigidSettingsResolver {
  @Requires(Permission.SETTINGS_MANAGE)
  @Query(() => DigidSettings, { description: 'The DigiD connection: mode, entity id, level and certificates.' })
  async digidSettings(@Ctx() ctx: Context): Promise<DigidSettings> {
    const { config, settings, digidCertificates } = ctx.services;
    const now = ctx.clock.now();
    return Object.assign(new DigidSettings(), {
      mode: config.digidMode,
      entityId: digidEntityId(config),
      metadataUrl: digidMetadataUrl(config),
      assuranceLevel: (await settings.get('digid')).assuranceLevel,
      warningDays: EXPIRY_WARNING_DAYS,
      certificates: (await digidCertificates.list(ctx)).map((r) => toType(r, now)),
    });
  }

  @Requires(Permission.SETTINGS_MANAGE)
  @Query(() => DigidCertificateWarning, {
    nullable: true,
    description: 'The current (or next) DigiD certificate when it expires within 60 days; null otherwise.',
  })
  async digidCertificateWarning(@Ctx() ctx: Context): Promise<DigidCertificateWarning | null> {
    const warning = await ctx.services.digidCertificates.expiryWarning(ctx);
    return warning
      ? Object.assign(new DigidCertificateWarning(), { ...warning, state: warning.state as DigidCertificateStateEnum })
      : null;
  }

  private async payload(ctx: Context, result: Result<DigidCertificateRecord>): Promise<DigidCertificatePayload> {
    const now = ctx.clock.now();
    return DigidCertificatePayload.from(await mapResult(result, (r) => toType(r, now)));
  }

  @Requires(Permission.SETTINGS_MANAGE)
  @Mutation(() => DigidCertificatePayload, {
    description: 'Generates a new key pair (RSA 3072) and the CSR for the PKIoverheid certificate.',
  })
  async generateDigidKey(
    @Ctx() ctx: Context,
    @Arg('input', () => GenerateDigidKeyInput, { description: 'The subject of the certificate signing request.' })
    input: GenerateDigidKeyInput,
  ): Promise<DigidCertificatePayload> {
    return this.payload(
      ctx,
      await ctx.services.digidCertificates.generate(ctx, {
        organization: input.organization,
        commonName: input.commonName,
        serialNumber: input.oin ?? null,
      }),
    );
  }

  @Requires(Permission.SETTINGS_MANAGE)
  @Mutation(() => DigidCertificatePayload, {
    description:
      'Uploads the issued certificate; refused when it does not match the key, has expired or is not valid yet.',
  })
  async uploadDigidCertificate(
    @Ctx() ctx: Context,
    @Arg('input', () => UploadDigidCertificateInput, {
      description: 'The issued certificate (PEM) and the key pair it belongs to.',
    })
    input: UploadDigidCertificateInput,
  ): Promise<DigidCertificatePayload> {
    return this.payload(ctx, await ctx.services.digidCertificates.upload(ctx, input.id, input.certificatePem));
  }

  @Requires(Permission.SETTINGS_MANAGE)
  @Mutation(() => DigidCertificatePayload, {
    description: 'Publishes a certificate as the next one in the SAML metadata, beside the current one.',
  })
  async publishDigidCertificate(
    @Ctx() ctx: Context,
    @Arg('id', () => ID, { description: 'The certificate.' }) id: string,
  ): Promise<DigidCertificatePayload> {
    return this.payload(ctx, await ctx.services.digidCertificates.publish(ctx, id));
  }

  @Requires(Permission.SETTINGS_MANAGE)
  @Mutation(() => DigidCertificatePayload, {
    description: 'Switches over: the next certificate becomes the current one, the old one stays as previous.',
  })
  async activateDigidCertificate(
    @Ctx() ctx: Context,
    @Arg('id', () => ID, { description: 'The certificate.' }) id: string,
  ): Promise<DigidCertificatePayload> {
    return this.payload(ctx, await ctx.services.digidCertificates.activate(ctx, id));
  }

  @Requires(Permission.SETTINGS_MANAGE)
  @Mutation(() => DigidCertificatePayload, {
    description: 'Retires a previous certificate, withdraws a next one or discards an unused key pair.',
  })
  async retireDigidCertificate(
    @Ctx() ctx: Context,
    @Arg('id', () => ID, { description: 'The certificate.' }) id: string,
  ): Promise<DigidCertificatePayload> {
    return this.payload(ctx, await ctx.services.digidCertificates.retire(ctx, id));
  }
}
