import { useQuery } from '@apollo/client/react';
import { primaryColor } from '@rules/color';
import { messageOf } from '@rules/rule';
import { TextField } from '@/components/forms/TextField';
import { Page } from '@/components/layout/Page';
import { wholeNumber } from '@/components/settings/NumberSettings';
import { SettingsForm, type SettingsValue } from '@/components/settings/SettingsForm';
import { graphql } from '@/graphql/generated';

const CardSettingsMunicipalitiesDocument = graphql(`
  query CardSettingsMunicipalities {
    municipalities {
      id
      name
    }
  }
`);

const hoursField = (id: string) => `offlineValidityHoursByMunicipality.${id}`;
const colourField = (id: string) => `colorByMunicipality.${id}`;

/**
 * /admin/beheer/instellingen/digitale-pas (issue 30): how long the QR code on a resident's digital card works without
 * a connection, for all municipalities and per municipality, and the card's colour per municipality.
 */
export default function DigitalCardSettingsScreen() {
  const municipalities = useQuery(CardSettingsMunicipalitiesDocument).data?.municipalities ?? [];
  const fields = ['offlineValidityHours', ...municipalities.flatMap((m) => [hoursField(m.id), colourField(m.id)])];
  return (
    <Page
      title="Digitale pas"
      lead="Inwoners tonen hun pas als QR-code op hun telefoon, ook zonder internet. De code werkt een beperkte tijd, zodat een foto van de code niet lang bruikbaar is; met internet krijgt de inwoner steeds een nieuwe code."
    >
      <SettingsForm
        key={municipalities.length}
        section="CARD"
        id="digitale-pas"
        fields={fields}
        check={(values) =>
          Object.fromEntries(
            municipalities.map((m) => {
              const colour = values[colourField(m.id)]?.trim();
              return [colourField(m.id), colour ? messageOf(primaryColor, colour) : null] as const;
            }),
          )
        }
        toPatch={(values) => ({
          offlineValidityHours: wholeNumber(values.offlineValidityHours ?? ''),
          offlineValidityHoursByMunicipality: Object.fromEntries(
            municipalities.map((m) => {
              const text = values[hoursField(m.id)]?.trim();
              return [m.id, text ? wholeNumber(text) : null];
            }),
          ),
          colorByMunicipality: Object.fromEntries(
            municipalities.map((m) => [m.id, values[colourField(m.id)]?.trim() || null]),
          ),
        })}
      >
        {({ value, form }) => {
          const hours = (value.offlineValidityHoursByMunicipality ?? {}) as SettingsValue;
          const colours = (value.colorByMunicipality ?? {}) as SettingsValue;
          return (
            <>
              <TextField
                label="Geldigheid van de code (uren)"
                hint="Voor alle gemeenten, tenzij een gemeente hieronder een eigen waarde heeft. Minstens 1, hoogstens 168 uur."
                inputMode="numeric"
                defaultValue={String(value.offlineValidityHours ?? '')}
                {...form.field('offlineValidityHours')}
              />
              {municipalities.map((m) => (
                <fieldset key={m.id} className="gw-fieldset">
                  <legend>{m.name}</legend>
                  <TextField
                    label="Eigen geldigheid van de code (uren)"
                    hint="Laat leeg voor de waarde voor alle gemeenten."
                    inputMode="numeric"
                    defaultValue={String(hours[m.id] ?? '')}
                    {...form.field(hoursField(m.id))}
                  />
                  <TextField
                    label="Kleur van de pas"
                    hint="Een hexadecimale code zoals #00457a, met wit contrast van minstens 4,5:1. Laat leeg voor de kleur van de website."
                    autoComplete="off"
                    spellCheck={false}
                    defaultValue={String(colours[m.id] ?? '')}
                    {...form.field(colourField(m.id))}
                  />
                </fieldset>
              ))}
            </>
          );
        }}
      </SettingsForm>
    </Page>
  );
}
