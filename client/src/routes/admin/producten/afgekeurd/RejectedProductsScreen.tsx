import { Link } from 'react-router';
import { Page } from '@/components/layout/Page';
import { useReviewMunicipality } from '@/components/products/ReviewMunicipalityFilter';
import { ReviewProductList } from '@/components/products/ReviewProductList';
import { urls } from '@/lib/urls';

/** Products rejected by a municipality of the staff member's scope (or the one chosen), with the reasons, newest first. */
export default function RejectedProductsScreen() {
  const { selected, ready, filter } = useReviewMunicipality();
  return (
    <Page
      title="Afgekeurde producten"
      lead="Producten die een van uw gemeenten heeft afgekeurd, met de reden die de aanbieder ziet. De aanbieder kan ze aanpassen en opnieuw indienen."
    >
      <p>
        <Link to={urls.admin.products()}>Terug naar de te beoordelen producten</Link>
      </p>
      {filter}
      <ReviewProductList
        approvalStatus="REJECTED"
        municipalityId={selected?.id ?? null}
        ready={ready}
        caption={selected ? `Afgekeurd door ${selected.name}` : 'Afgekeurde producten'}
        empty={`${selected ? `${selected.name} heeft` : 'Uw gemeenten hebben'} geen producten afgekeurd. Afgekeurde producten staan hier tot de aanbieder ze opnieuw indient.`}
      />
    </Page>
  );
}
