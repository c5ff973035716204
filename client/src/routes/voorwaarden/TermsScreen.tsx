import { Link } from 'react-router';
import { ContentPageView } from '../../components/content/ContentPageView';
import { urls } from '../../lib/urls';

/** /voorwaarden: the terms for residents (edited at instellingen/algemene-voorwaarden). */
export default function TermsScreen() {
  return (
    <ContentPageView
      page="TERMS_RESIDENTS"
      title="Voorwaarden"
      empty="De gemeente heeft de voorwaarden nog niet gepubliceerd. Heeft u een vraag? Neem contact op met de gemeente."
      after={() => (
        <p>
          Biedt u als organisatie producten aan? Dan gelden de voorwaarden voor aanbieders; u leest ze bij het{' '}
          <Link to={urls.providerRegister()}>aanmelden als aanbieder</Link>.
        </p>
      )}
    />
  );
}
