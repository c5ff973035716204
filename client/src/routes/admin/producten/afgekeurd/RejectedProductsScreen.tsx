import { Link } from 'react-router';
import { Page } from '../../../../components/layout/Page';
import { ReviewMunicipalityFilter, useReviewMunicipality } from '../../../../components/products/ReviewMunicipalityFilter';
import { ReviewProductList } from '../../../../components/products/ReviewProductList';
import { Loading } from '../../../../components/ui/Loading';
import { urls } from '../../../../lib/urls';

/** Products rejected by a municipality of the staff member's scope (or the one chosen), with the reasons, newest first. */
export default function RejectedProductsScreen() {
  const { municipalities, selected, ready } = useReviewMunicipality();
  return (
    <Page
      title="Afgekeurde producten"
      lead="Producten die een van uw gemeenten heeft afgekeurd, met de reden die de aanbieder ziet. De aanbieder kan ze aanpassen en opnieuw indienen."
    >
      <p>
        <Link to={urls.admin.products()}>Terug naar de te beoordelen producten</Link>
      </p>
      <ReviewMunicipalityFilter municipalities={municipalities} selected={selected} url={urls.admin.rejectedProducts} />
      {ready ? (
        <ReviewProductList
          approvalStatus="REJECTED"
          municipalityId={selected?.id ?? null}
          caption={selected ? `Afgekeurd door ${selected.name}` : 'Afgekeurde producten'}
          empty={selected ? `${selected.name} heeft geen producten afgekeurd.` : 'Er zijn geen afgekeurde producten.'}
        />
      ) : (
        <Loading />
      )}
    </Page>
  );
}
