import { useParams } from 'react-router';
import { Page } from '@/components/layout/Page';
import { ReviewProductList } from '@/components/products/ReviewProductList';

/** All products of one provider, in every status, newest first, with the decision of each of the staff member's municipalities. */
export default function ProviderProductsScreen() {
  const { providerId = '' } = useParams();
  return (
    <Page
      title="Producten van de aanbieder"
      lead="Alle producten van deze aanbieder, in elke status, de nieuwste eerst, met de beslissing van elk van uw gemeenten."
    >
      <ReviewProductList
        providerId={providerId}
        caption="Producten"
        empty="Deze aanbieder heeft (in uw gemeenten) geen producten. Producten verschijnen hier zodra de aanbieder ze aanmaakt."
        ofProvider
      />
    </Page>
  );
}
