import { Link } from 'react-router';
import { Page } from '@/components/layout/Page';
import { useReviewMunicipality } from '@/components/products/ReviewMunicipalityFilter';
import { ReviewProductList } from '@/components/products/ReviewProductList';
import { urls } from '@/lib/urls';

/**
 * The review queue: products waiting for a decision in a municipality of the staff member's scope (or the one chosen),
 * longest waiting first. Each municipality decides for itself.
 */
export default function ProductsScreen() {
  const { selected, ready, filter } = useReviewMunicipality();
  return (
    <Page
      title="Producten"
      lead="Ingediende producten die in uw gemeenten op beoordeling wachten, het langst wachtende eerst. Elke gemeente beslist zelf over haar aanbod."
    >
      <p>
        <Link to={urls.admin.rejectedProducts(selected?.slug)}>Afgekeurde producten bekijken</Link>
      </p>
      {filter}
      <ReviewProductList
        approvalStatus="PENDING"
        municipalityId={selected?.id ?? null}
        ready={ready}
        caption={selected ? `Te beoordelen voor ${selected.name}` : 'Te beoordelen producten'}
        empty={`Er wachten geen producten op beoordeling${selected ? ` voor ${selected.name}` : ''}. Zodra een aanbieder een product indient, verschijnt het hier.`}
      />
    </Page>
  );
}
