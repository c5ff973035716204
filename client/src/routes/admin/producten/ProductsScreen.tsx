import { Link } from 'react-router';
import { Page } from '../../../components/layout/Page';
import { ReviewMunicipalityFilter, useReviewMunicipality } from '../../../components/products/ReviewMunicipalityFilter';
import { ReviewProductList } from '../../../components/products/ReviewProductList';
import { Loading } from '../../../components/ui/Loading';
import { urls } from '../../../lib/urls';

/**
 * The review queue: products waiting for a decision in a municipality of the staff member's scope (or the one chosen),
 * longest waiting first. Each municipality decides for itself.
 */
export default function ProductsScreen() {
  const { municipalities, selected, ready } = useReviewMunicipality();
  return (
    <Page
      title="Producten"
      lead="Ingediende producten die in uw gemeenten op beoordeling wachten, het langst wachtende eerst. Elke gemeente beslist zelf over haar aanbod."
    >
      <p>
        <Link to={urls.admin.rejectedProducts(selected?.slug)}>Afgekeurde producten bekijken</Link>
      </p>
      <ReviewMunicipalityFilter municipalities={municipalities} selected={selected} url={urls.admin.products} />
      {ready ? (
        <ReviewProductList
          approvalStatus="PENDING"
          municipalityId={selected?.id ?? null}
          caption={selected ? `Te beoordelen voor ${selected.name}` : 'Te beoordelen producten'}
          empty={selected ? `Er wachten geen producten op beoordeling voor ${selected.name}.` : 'Er wachten geen producten op beoordeling.'}
        />
      ) : (
        <Loading />
      )}
    </Page>
  );
}
