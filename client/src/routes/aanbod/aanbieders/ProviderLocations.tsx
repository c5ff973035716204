import { weekdayName } from '@/vocabulary/weekdays';
import { graphql } from '@/graphql/generated';
import type { ProviderLocationFieldsFragment } from '@/graphql/generated/graphql';

/** A location as the public provider page and the provider's own profile show it: address and opening hours. */
export const ProviderLocationFields = graphql(`
  fragment ProviderLocationFields on ProviderLocation {
    id
    name
    street
    houseNumber
    postcode
    city
    openingHours {
      weekday
      opens
      closes
    }
  }
`);

export type LocationView = ProviderLocationFieldsFragment;

/** "09:00" → "9.00 uur" is not needed: Dutch writes opening hours as 09.00–17.30. */
const time = (t: string) => t.replace(':', '.');

/** The opening hours of a week as a small table: a row per weekday, "gesloten" on a closed day. */
export function OpeningHoursTable({ location, caption }: { location: LocationView; caption: string }) {
  return (
    <table className="gw-hours">
      <caption className="gw-visually-hidden">{caption}</caption>
      <tbody>
        {location.openingHours.map((day) => (
          <tr key={day.weekday}>
            <th scope="row">{weekdayName(day.weekday)}</th>
            <td>
              {day.opens && day.closes ? (
                <>
                  {time(day.opens)}–{time(day.closes)}
                  <span className="gw-visually-hidden"> uur</span>
                </>
              ) : (
                'gesloten'
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A location's address as it is written in the Netherlands: street and number, then postcode and city. */
export function LocationAddress({ location }: { location: LocationView }) {
  return (
    <address>
      {location.street} {location.houseNumber}
      <br />
      {location.postcode} {location.city}
    </address>
  );
}

/** The locations of a provider as text: address and opening hours each (a map is never the only way). */
export function ProviderLocations({
  locations,
  headingLevel = 3,
}: {
  locations: readonly LocationView[];
  headingLevel?: 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className="gw-locations">
      {locations.map((location) => {
        const title = location.name || `${location.street} ${location.houseNumber}, ${location.city}`;
        return (
          <li key={location.id}>
            <Heading>{title}</Heading>
            <LocationAddress location={location} />
            <p className="gw-visually-hidden">Openingstijden:</p>
            <OpeningHoursTable location={location} caption={`Openingstijden van ${title}`} />
          </li>
        );
      })}
    </ul>
  );
}
