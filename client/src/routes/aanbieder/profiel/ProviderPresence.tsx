import { useMutation } from '@apollo/client/react';
import { checkLocation, hoursField, WEEKDAYS, type LocationField } from '@rules/location';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmAction } from '@/components/forms/ConfirmAction';
import { LogoUpload } from '@/components/forms/LogoUpload';
import { CheckboxField } from '@/components/forms/CheckboxField';
import { TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Disclosure } from '@/components/ui/Disclosure';
import { graphql } from '@/graphql/generated';
import { useShowNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { LocationAddress, OpeningHoursTable, type LocationView } from '../../aanbod/aanbieders/ProviderLocations';
import { weekdayName } from '@/vocabulary/weekdays';
import { FormSubmit } from '@/components/forms/FormSubmit';

const SaveProviderLocationDocument = graphql(`
  mutation SaveProviderLocation($id: ID, $input: ProviderLocationInput!) {
    saveProviderLocation(id: $id, input: $input) {
      location {
        ...ProviderLocationFields @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const DeleteProviderLocationDocument = graphql(`
  mutation DeleteProviderLocation($id: ID!) {
    deleteProviderLocation(id: $id) {
      deletedId
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const RemoveProviderLogoDocument = graphql(`
  mutation RemoveProviderLogo {
    removeProviderLogo {
      provider {
        id
        logoUrl
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** The logo: shown, replaced through the upload pipeline (checked first with the shared image rules), removed. */
export function LogoSection({
  name,
  logoUrl,
  onChange,
}: {
  name: string;
  logoUrl: string | null | undefined;
  onChange: () => void;
}) {
  const showNotice = useShowNotice();
  const [removeLogo] = useMutation(RemoveProviderLogoDocument);
  return (
    <section aria-labelledby="logo-kop">
      <h2 id="logo-kop">Logo</h2>
      {logoUrl ? (
        <img className="gw-provider-logo" src={logoUrl} alt={`Logo van ${name}`} />
      ) : (
        <p>U heeft nog geen logo. Het logo staat op uw pagina in het aanbod.</p>
      )}
      <LogoUpload
        labelledBy="logo-kop"
        hasLogo={Boolean(logoUrl)}
        uploadUrl={urls.server.providerLogo()}
        sizeHint="Het logo wordt verkleind tot hoogstens 400 × 400 pixels."
        onUploaded={() => {
          showNotice('Het logo is opgeslagen. Het staat op uw pagina in het aanbod.');
          onChange();
        }}
        remove={async () => (await removeLogo()).data?.removeProviderLogo}
        onRemoved={() => {
          showNotice('Het logo is verwijderd.', { focus: true });
          onChange();
        }}
      />
    </section>
  );
}

const ADDRESS_FIELDS = ['name', 'street', 'houseNumber', 'postcode', 'city'] as const;
const HOURS_FIELDS = WEEKDAYS.flatMap((d) => [hoursField('opens', d), hoursField('closes', d)]);
const LOCATION_FIELDS = [...ADDRESS_FIELDS, 'openingHours', ...HOURS_FIELDS] as const;
type LocationFormField = (typeof LOCATION_FIELDS)[number] | LocationField;

/** A new location starts open on weekdays from 9 to 5, closed in the weekend. */
const NEW_HOURS = WEEKDAYS.map((weekday) =>
  weekday <= 5 ? { weekday, opens: '09:00', closes: '17:00' } : { weekday, opens: null, closes: null },
);

function openingHoursOf(data: FormData) {
  return WEEKDAYS.map((weekday) => ({
    weekday,
    closed: data.get(`gesloten-${weekday}`) === 'ja',
    opens: String(data.get(hoursField('opens', weekday)) ?? ''),
    closes: String(data.get(hoursField('closes', weekday)) ?? ''),
  }));
}

/** Adds or changes a location: address (shared rules) and the hours per weekday, or "gesloten". */
function LocationForm({
  location,
  onSaved,
  onCancel,
}: {
  location: LocationView | null;
  onSaved: (saved: { id: string }) => void;
  onCancel: () => void;
}) {
  const prefix = `vestiging-${location?.id ?? 'nieuw'}`;
  const [save] = useMutation(SaveProviderLocationDocument);
  const hours = location?.openingHours.length ? location.openingHours : NEW_HOURS;
  const [closed, setClosed] = useState<Record<number, boolean>>(
    Object.fromEntries(hours.map((h) => [h.weekday, !h.opens])),
  );
  const form = useMutationForm({
    id: prefix,
    fields: LOCATION_FIELDS as readonly LocationFormField[],
    check: (values, data) =>
      Object.fromEntries(
        checkLocation({ ...values, openingHours: openingHoursOf(data) }).problems.map((p) => [p.field, p.message]),
      ),
    mutate: async (values, data) =>
      (
        await save({
          variables: {
            id: location?.id ?? null,
            input: {
              name: values.name ?? '',
              street: values.street ?? '',
              houseNumber: values.houseNumber ?? '',
              postcode: values.postcode ?? '',
              city: values.city ?? '',
              openingHours: openingHoursOf(data).map((d) => ({
                weekday: d.weekday,
                closed: d.closed,
                opens: d.opens || null,
                closes: d.closes || null,
              })),
            },
          },
        })
      ).data?.saveProviderLocation,
    onSuccess: (payload) => onSaved(payload.location!),
  });
  const hoursFor = (weekday: number) => hours.find((h) => h.weekday === weekday);
  const legend = location ? 'Vestiging wijzigen' : 'Nieuwe vestiging';
  return (
    <form className="gw-form" {...form.props} aria-label={legend}>
      {form.summary}
      <TextField
        label="Naam van de vestiging (niet verplicht)"
        hint="Bijvoorbeeld ‘Sporthal De Vijfhoek’. Zonder naam tonen we het adres."
        defaultValue={location?.name}
        {...form.field('name')}
      />
      <TextField
        label="Straat"
        autoComplete="address-line1"
        defaultValue={location?.street}
        required
        {...form.field('street')}
      />
      <TextField label="Huisnummer" defaultValue={location?.houseNumber} required {...form.field('houseNumber')} />
      <TextField
        label="Postcode"
        autoComplete="postal-code"
        hint="Bijvoorbeeld 1234 AB."
        defaultValue={location?.postcode}
        required
        {...form.field('postcode')}
      />
      <TextField
        label="Plaats"
        autoComplete="address-level2"
        defaultValue={location?.city}
        required
        {...form.field('city')}
      />
      <fieldset className="gw-fieldset">
        <legend>Openingstijden</legend>
        {form.errors.openingHours ? <p className="gw-field__error">{form.errors.openingHours}</p> : null}
        <div className="gw-hours-grid">
          {WEEKDAYS.map((weekday) => {
            const day = weekdayName(weekday);
            const h = hoursFor(weekday);
            return (
              <fieldset key={weekday} className="gw-hours-day">
                <legend>{day}</legend>
                <CheckboxField
                  label="Gesloten"
                  name={`gesloten-${weekday}`}
                  value="ja"
                  id={`${prefix}-gesloten-${weekday}`}
                  checked={closed[weekday] ?? false}
                  onChange={(e) => setClosed((c) => ({ ...c, [weekday]: e.target.checked }))}
                />
                {closed[weekday] ? null : (
                  <>
                    <TextField
                      label="Open van"
                      type="time"
                      defaultValue={h?.opens ?? '09:00'}
                      {...form.field(hoursField('opens', weekday) as LocationFormField)}
                    />
                    <TextField
                      label="tot"
                      type="time"
                      defaultValue={h?.closes ?? '17:00'}
                      {...form.field(hoursField('closes', weekday) as LocationFormField)}
                    />
                  </>
                )}
              </fieldset>
            );
          })}
        </div>
      </fieldset>
      <FormSubmit busy={form.busy} onCancel={onCancel}>
        {form.busy ? 'Bezig met opslaan…' : 'Vestiging opslaan'}
      </FormSubmit>
    </form>
  );
}

function LocationItem({ location, onChange }: { location: LocationView; onChange: () => void }) {
  const showNotice = useShowNotice();
  const [remove] = useMutation(DeleteProviderLocationDocument);
  const title = location.name || `${location.street} ${location.houseNumber}, ${location.city}`;
  const removal = useMutationForm({
    id: `vestiging-verwijderen-${location.id}`,
    fields: [],
    mutate: async () => (await remove({ variables: { id: location.id } })).data?.deleteProviderLocation,
    onSuccess: () => {
      showNotice(`De vestiging ${title} is verwijderd.`, { focus: true });
      onChange();
    },
  });
  return (
    <li>
      <h3>{title}</h3>
      <LocationAddress location={location} />
      <OpeningHoursTable location={location} caption={`Openingstijden van ${title}`} />
      <Disclosure
        label={
          <>
            Wijzigen<span className="gw-visually-hidden"> {title}</span>
          </>
        }
      >
        {(close) => (
          <LocationForm
            location={location}
            onSaved={() => {
              close();
              showNotice('De vestiging is opgeslagen.', { focus: true });
              onChange();
            }}
            onCancel={() => close({ focusButton: true })}
          />
        )}
      </Disclosure>
      <ConfirmAction
        form={removal}
        label={
          <>
            Verwijderen<span className="gw-visually-hidden"> {title}</span>
          </>
        }
        confirmLabel="Ja, verwijder deze vestiging"
        groupLabel={`${title} verwijderen`}
      />
    </li>
  );
}

/** The locations: each with its address and hours, to change or remove; and a new one behind a disclosure. */
export function LocationsSection({
  locations,
  onChange,
  publicUrl,
}: {
  locations: readonly LocationView[];
  onChange: () => void;
  /** The provider's public page; null while no municipality has approved it (there is none yet). */
  publicUrl: string | null;
}) {
  const showNotice = useShowNotice();
  return (
    <section aria-labelledby="vestigingen-kop">
      <h2 id="vestigingen-kop">Vestigingen en openingstijden</h2>
      <p>
        Inwoners zien uw vestigingen met adres en openingstijden op uw pagina in het aanbod
        {publicUrl ? (
          <>
            {' '}
            (<Link to={publicUrl}>bekijk uw pagina</Link>)
          </>
        ) : null}
        .
      </p>
      {locations.length ? (
        <ul className="gw-locations">
          {locations.map((location) => (
            <LocationItem key={location.id} location={location} onChange={onChange} />
          ))}
        </ul>
      ) : (
        <p>U heeft nog geen vestiging opgegeven.</p>
      )}
      <Disclosure label="Vestiging toevoegen">
        {(close) => (
          <LocationForm
            location={null}
            onSaved={() => {
              close();
              showNotice('De vestiging is toegevoegd.', { focus: true });
              onChange();
            }}
            onCancel={() => close({ focusButton: true })}
          />
        )}
      </Disclosure>
    </section>
  );
}
