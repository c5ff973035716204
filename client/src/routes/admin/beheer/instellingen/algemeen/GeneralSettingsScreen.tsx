import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { LogoUpload } from '@/components/forms/LogoUpload';
import { usePublicSite } from '@/components/layout/publicSite';
import { useShowNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { contrastRatio, formatRatio, MIN_CONTRAST_WITH_WHITE, parseHexColor, primaryColor } from '@rules/color';
import { messageOf } from '@rules/rule';
import { TextField } from '@/components/forms/TextField';
import { Page } from '@/components/layout/Page';
import { SettingsForm, type SettingsValue } from '@/components/settings/SettingsForm';
import { graphql } from '@/graphql/generated';

const SettingsMunicipalitiesDocument = graphql(`
  query SettingsMunicipalities {
    municipalities {
      id
      name
    }
  }
`);

const RemovePlatformLogoDocument = graphql(`
  mutation RemovePlatformLogo {
    removePlatformLogo {
      settings {
        section
        version
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/**
 * The platform's logo in the public header: uploaded through the image pipeline (checked here first with the shared
 * image rule and the server's upload limit), shown, removed. The public header shows it at once (PublicSite refetched).
 */
function PlatformLogoSection() {
  const site = usePublicSite();
  const settings = site?.publicSettings;
  const showNotice = useShowNotice();
  const [removeLogo] = useMutation(RemovePlatformLogoDocument, {
    refetchQueries: ['PublicSite', 'SettingsSection'],
    awaitRefetchQueries: true,
  });
  const client = useApolloClient();
  const logoUrl = settings?.logoUrl ?? null;
  return (
    <section aria-labelledby="logo-kop">
      <h2 id="logo-kop">Logo</h2>
      {logoUrl ? (
        <img
          className="gw-settings-logo"
          src={logoUrl}
          alt={`Huidig logo van ${settings?.platformName ?? 'het platform'}`}
          width={settings?.logoWidth ? Math.round(settings.logoWidth / 2) : undefined}
          height={settings?.logoHeight ? Math.round(settings.logoHeight / 2) : undefined}
        />
      ) : (
        <p>Er is geen logo ingesteld. Bovenaan de website staat de naam van het platform.</p>
      )}
      <LogoUpload
        labelledBy="logo-kop"
        hasLogo={Boolean(logoUrl)}
        uploadUrl={urls.server.platformLogo()}
        sizeHint="Het logo wordt verkleind tot hoogstens 640 × 160 pixels en op een witte achtergrond getoond."
        onUploaded={async () => {
          await client.refetchQueries({ include: ['PublicSite', 'SettingsSection'] });
          showNotice('Het logo is opgeslagen. Het staat nu bovenaan de openbare website.');
        }}
        remove={async () => (await removeLogo()).data?.removePlatformLogo}
        onRemoved={() =>
          showNotice('Het logo is verwijderd. De website toont weer de naam van het platform.', { focus: true })
        }
      />
    </section>
  );
}

const CONTACT_FIELDS = [
  { key: 'phone', label: 'Telefoonnummer', hint: 'Bijvoorbeeld 14 0591 of 0591 123 456.', inputMode: 'tel' },
  { key: 'email', label: 'E-mailadres', hint: 'Bijvoorbeeld info@gemeente.nl.', inputMode: 'email' },
  { key: 'website', label: 'Website', hint: 'Een volledig webadres dat met https:// begint.', inputMode: 'url' },
  { key: 'visitingAddress', label: 'Bezoekadres', hint: undefined, inputMode: undefined },
] as const;

/** The colour field with a live sample and its contrast with white (the shared rule decides). */
function ColourField({
  initial,
  field,
}: {
  initial: string;
  field: { id: string; name: string; error: string | null };
}) {
  const [text, setText] = useState(initial);
  const hex = parseHexColor(text);
  const ratio = hex ? contrastRatio(hex, '#ffffff') : null;
  return (
    <div className="gw-settings-colour">
      <TextField
        label="Hoofdkleur van de website"
        hint="Een hexadecimale code zoals #00457a. Witte tekst op deze kleur moet een contrast van minstens 4,5:1 hebben. Laat leeg voor de standaardkleur."
        defaultValue={initial}
        onChange={(e) => setText(e.currentTarget.value)}
        autoComplete="off"
        spellCheck={false}
        {...field}
      />
      {hex && ratio !== null ? (
        <p className="gw-settings-colour__sample" aria-live="polite">
          <span className="gw-settings-colour__swatch" aria-hidden="true" style={{ backgroundColor: hex }} /> Contrast
          met wit: {formatRatio(ratio)}:1{' '}
          {ratio >= MIN_CONTRAST_WITH_WHITE ? '(voldoende)' : '(te weinig, minstens 4,5:1)'}
        </p>
      ) : null}
    </div>
  );
}

/** /admin/beheer/instellingen/algemeen: the platform name, the site's colour and each municipality's contact details. */
export default function GeneralSettingsScreen() {
  const municipalities = useQuery(SettingsMunicipalitiesDocument).data?.municipalities ?? [];
  const contactFields = municipalities.flatMap((m) => CONTACT_FIELDS.map((f) => `municipalities.${m.id}.${f.key}`));
  const fields = ['platformName', 'primaryColor', ...contactFields];
  return (
    <Page title="Algemene instellingen">
      <SettingsForm
        key={municipalities.length}
        section="GENERAL"
        id="algemeen"
        fields={fields}
        refetch={['PublicSite']}
        check={(values) => ({
          primaryColor: values.primaryColor?.trim() ? messageOf(primaryColor, values.primaryColor) : null,
        })}
        toPatch={(values) => {
          const contacts: Record<string, Record<string, string | null>> = {};
          for (const m of municipalities) {
            contacts[m.id] = Object.fromEntries(
              CONTACT_FIELDS.map((f) => [f.key, values[`municipalities.${m.id}.${f.key}`]?.trim() || null]),
            );
          }
          return {
            platformName: values.platformName,
            primaryColor: values.primaryColor?.trim() || null,
            municipalities: contacts,
          };
        }}
      >
        {({ value, form }) => {
          const contacts = (value.municipalities ?? {}) as Record<string, SettingsValue>;
          return (
            <>
              <TextField
                label="Naam van het platform"
                defaultValue={String(value.platformName ?? '')}
                required
                {...form.field('platformName')}
              />
              <ColourField initial={String(value.primaryColor ?? '')} field={form.field('primaryColor')} />
              {municipalities.map((m) => (
                <fieldset key={m.id} className="gw-fieldset">
                  <legend>Contactgegevens {m.name}</legend>
                  {CONTACT_FIELDS.map((f) => (
                    <TextField
                      key={f.key}
                      label={f.label}
                      hint={f.hint}
                      inputMode={f.inputMode}
                      defaultValue={String(contacts[m.id]?.[f.key] ?? '')}
                      {...form.field(`municipalities.${m.id}.${f.key}`)}
                    />
                  ))}
                </fieldset>
              ))}
            </>
          );
        }}
      </SettingsForm>
      <PlatformLogoSection />
    </Page>
  );
}
