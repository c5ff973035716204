import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Permission } from '../../kernel/permissions.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Municipality } from '../municipalities/index.js';
import { mapResult, problem } from '../../kernel/result.js';
import { logoUrlOf } from './platform-logo.service.js';
import type { SettingsSnapshot } from './settings.service.js';
import {
  MunicipalityContact,
  PublicSettings,
  SettingsSection,
  SettingsSectionEnum,
  sectionEnumOf,
  sectionKeyOf,
  UpdateSettingsSectionInput,
  UpdateSettingsSectionPayload,
} from './settings.types.js';

function toType(s: SettingsSnapshot): SettingsSection {
  return Object.assign(new SettingsSection(), {
    section: sectionEnumOf(s.section),
    title: s.title,
    version: s.version,
    value: s.value as Record<string, unknown>,
    defaults: s.defaults as Record<string, unknown>,
    updatedAt: s.updatedAt,
  });
}

@Resolver()
export class SettingsResolver {
  @Query(() => PublicSettings, { description: 'The platform name and the municipalities’ public contact details.' })
  async publicSettings(@Ctx() ctx: Context): Promise<PublicSettings> {
    const general = await ctx.services.settings.get('general');
    const { uploadMaxMegabytes } = await ctx.services.settings.get('advanced');
    const municipalities = await ctx.em.find(Municipality, {}, { orderBy: { name: 'asc' } });
    return Object.assign(new PublicSettings(), {
      platformName: general.platformName,
      primaryColor: general.primaryColor,
      logoUrl: general.logo ? logoUrlOf(general.logo.key) : null,
      logoWidth: general.logo?.width ?? null,
      logoHeight: general.logo?.height ?? null,
      uploadMaxMegabytes,
      municipalities: municipalities.map((m) => {
        const c = general.municipalities[m.id];
        return Object.assign(new MunicipalityContact(), {
          municipalityId: m.id,
          name: m.name,
          phone: c?.phone ?? null,
          email: c?.email ?? null,
          website: c?.website ?? null,
          visitingAddress: c?.visitingAddress ?? null,
        });
      }),
    });
  }

  @Requires(Permission.SETTINGS_MANAGE)
  @Query(() => SettingsSection, { description: 'One settings section for its settings page.' })
  async settingsSection(
    @Ctx() ctx: Context,
    @Arg('section', () => SettingsSectionEnum, { description: 'Which settings section.' }) section: SettingsSectionEnum,
  ): Promise<SettingsSection> {
    return toType(await ctx.services.settings.snapshot(sectionKeyOf(section)));
  }

  @Requires(Permission.SETTINGS_MANAGE)
  @Mutation(() => UpdateSettingsSectionPayload, {
    description: 'Changes a settings section (validated, audited, in force on every instance at once).',
  })
  async updateSettingsSection(
    @Ctx() ctx: Context,
    @Arg('input', () => UpdateSettingsSectionInput, { description: 'The section and its new values.' })
    input: UpdateSettingsSectionInput,
  ): Promise<UpdateSettingsSectionPayload> {
    // The logo is a file: it changes only through its upload (POST /api/settings/logo) and removePlatformLogo.
    if (input.section === SettingsSectionEnum.GENERAL && input.patch && 'logo' in input.patch)
      return UpdateSettingsSectionPayload.from(
        problem('logo', 'INVALID', 'Het logo wijzigt u door een afbeelding te uploaden of het logo te verwijderen.'),
      );
    const result = await ctx.services.settings.update(ctx, sectionKeyOf(input.section), input.patch, {
      expectedVersion: input.expectedVersion,
      clientIp: ctx.req?.ip ?? null,
    });
    return UpdateSettingsSectionPayload.from(await mapResult(result, toType));
  }

  @Requires(Permission.SETTINGS_MANAGE)
  @Mutation(() => UpdateSettingsSectionPayload, {
    description:
      'Removes the platform logo (instellingen/algemeen): the public header shows the platform name again. The file is deleted.',
  })
  async removePlatformLogo(@Ctx() ctx: Context): Promise<UpdateSettingsSectionPayload> {
    return UpdateSettingsSectionPayload.from(await mapResult(await ctx.services.platformLogo.remove(ctx), toType));
  }
}
