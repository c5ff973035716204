import { useQuery } from '@apollo/client/react';
import { CheckboxField } from '@/components/forms/CheckboxField';
import { TextAreaField } from '@/components/forms/fields';
import { Page } from '@/components/layout/Page';
import { SettingsForm } from '@/components/settings/SettingsForm';
import { graphql } from '@/graphql/generated';

const OwnIpAddressDocument = graphql(`
  query OwnIpAddress {
    ownIpAddress
  }
`);

const fields = ['enabled', 'entries'] as const;

interface Entry {
  range: string;
  label: string;
}

/** One entry a line: the address or range first, then what it is ("192.0.2.0/24 Stadhuis"). */
export function parseEntries(text: string): Entry[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [range = '', ...label] = line.split(/\s+/);
      return { range, label: label.join(' ') };
    });
}

export const formatEntries = (entries: readonly Entry[]) =>
  entries.map((e) => (e.label ? `${e.range} ${e.label}` : e.range)).join('\n');

/**
 * /admin/beheer/instellingen/ip: the allow-list of the admin area and the admin part of the API. The server refuses a
 * list that leaves out the saver's own address.
 */
export default function IpSettingsScreen() {
  const own = useQuery(OwnIpAddressDocument).data?.ownIpAddress;
  return (
    <Page
      title="IP-adressen"
      lead="Als de lijst aan staat, is de beheeromgeving alleen bereikbaar vanaf deze IPv4- en IPv6-adressen en -bereiken. Geblokkeerde pogingen worden gelogd."
    >
      {own ? (
        <p>
          Uw eigen IP-adres is nu <strong>{own}</strong>. Dat moet in de lijst staan, anders kunt u niet opslaan.
        </p>
      ) : null}
      <SettingsForm
        section="IP"
        id="ip"
        fields={fields}
        toPatch={(values) => ({ enabled: values.enabled === 'ja', entries: parseEntries(values.entries) })}
      >
        {({ value, form }) => (
          <>
            <CheckboxField
              label="Alleen deze adressen toelaten"
              value="ja"
              defaultChecked={value.enabled === true}
              {...form.field('enabled')}
            />
            <TextAreaField
              label="Adressen en bereiken"
              hint="Eén per regel: het adres of bereik (CIDR), dan een omschrijving. Bijvoorbeeld ‘192.0.2.0/24 Stadhuis’ of ‘2001:db8::/32 VPN’."
              rows={8}
              spellCheck={false}
              defaultValue={formatEntries((value.entries ?? []) as Entry[])}
              {...form.field('entries')}
            />
          </>
        )}
      </SettingsForm>
    </Page>
  );
}
