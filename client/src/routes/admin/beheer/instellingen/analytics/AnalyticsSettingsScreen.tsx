import { CheckboxField } from '@/components/forms/CheckboxField';
import { SelectField } from '@/components/forms/fields';
import { TextField } from '@/components/forms/TextField';
import { Page } from '@/components/layout/Page';
import { SettingsForm } from '@/components/settings/SettingsForm';

const fields = ['enabled', 'tool', 'scriptUrl', 'siteId'] as const;

/**
 * /admin/beheer/instellingen/analytics: a privacy-friendly statistics tool without cookies, off by default. It runs
 * on the public pages only, never in the account, provider or admin areas, and the privacy page names it.
 */
export default function AnalyticsSettingsScreen() {
  return (
    <Page
      title="Analytics"
      lead="Bezoekersstatistieken zonder cookies, alleen op de openbare pagina’s. Als u ze aanzet, noemt de privacypagina het gekozen hulpmiddel."
    >
      <SettingsForm
        section="ANALYTICS"
        id="analytics"
        fields={fields}
        refetch={['PublicAnalytics']}
        toPatch={(values) => ({
          enabled: values.enabled === 'ja',
          tool: values.tool,
          scriptUrl: values.scriptUrl.trim(),
          siteId: values.siteId.trim(),
        })}
      >
        {({ value, form }) => (
          <>
            <CheckboxField
              label="Statistieken aan"
              value="ja"
              defaultChecked={value.enabled === true}
              {...form.field('enabled')}
            />
            <SelectField label="Hulpmiddel" defaultValue={String(value.tool ?? 'PLAUSIBLE')} {...form.field('tool')}>
              <option value="PLAUSIBLE">Plausible</option>
              <option value="MATOMO">Matomo (zonder cookies)</option>
            </SelectField>
            <TextField
              label="Adres van het statistiekscript"
              hint="Bijvoorbeeld https://plausible.io/js/script.js of https://statistiek.gemeente.nl/matomo.js."
              inputMode="url"
              defaultValue={String(value.scriptUrl ?? '')}
              {...form.field('scriptUrl')}
            />
            <TextField
              label="Site-id"
              hint="Bij Plausible het domein van deze website, bij Matomo het nummer van de site."
              defaultValue={String(value.siteId ?? '')}
              {...form.field('siteId')}
            />
          </>
        )}
      </SettingsForm>
    </Page>
  );
}
