import { useQuery } from '@apollo/client/react';
import { ContentPageView } from '../../components/content/ContentPageView';
import { graphql } from '../../graphql/generated';
import { AnalyticsPrivacyNote } from '../../components/settings/publicSettings';

const PrivacyControllersDocument = graphql(`
  query PrivacyControllers {
    municipalities {
      id
      name
    }
  }
`);

/**
 * /privacy: the privacy statement (edited at instellingen/privacybeleid). The platform belongs to its municipalities,
 * so every one of them is named as controller (verwerkingsverantwoordelijke), from the municipalities themselves.
 */
export default function PrivacyScreen() {
  return (
    <ContentPageView
      page="PRIVACY"
      title="Privacy"
      empty="De gemeente heeft de privacyverklaring nog niet gepubliceerd. Heeft u een vraag over uw gegevens? Neem contact op met de gemeente."
      after={() => (
        <>
          <Controllers />
          <AnalyticsPrivacyNote />
        </>
      )}
    />
  );
}

function Controllers() {
  const { data } = useQuery(PrivacyControllersDocument);
  const municipalities = data?.municipalities ?? [];
  if (municipalities.length === 0) return null;
  return (
    <section aria-labelledby="verwerkingsverantwoordelijken">
      <h2 id="verwerkingsverantwoordelijken">Verwerkingsverantwoordelijken</h2>
      {municipalities.length === 1 ? (
        <p>Verantwoordelijk voor het gebruik van uw gegevens is {municipalities[0]!.name}.</p>
      ) : (
        <>
          <p>
            Deze website is van {municipalities.length} gemeenten samen. Elke gemeente is verwerkingsverantwoordelijke
            voor de gegevens van haar eigen inwoners:
          </p>
          <ul>
            {municipalities.map((m) => (
              <li key={m.id}>{m.name}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
