import { useMutation, useQuery } from '@apollo/client/react';
import { PRODUCT_LIMITS, rejectionReason } from '@rules/product';
import { Link, useParams } from 'react-router';
import { ReasonDisclosure } from '@/components/forms/ReasonDisclosure';
import { ruleCheck } from '@/components/forms/ruleCheck';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { ProductDecisionsTable, dutchList, productDecisions } from '@/components/products/ProductDecisions';
import { ProductFacts } from '@/components/products/ProductFacts';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { ReviewProductQuery } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';

const ReviewProductDocument = graphql(`
  query ReviewProduct($id: ID!) {
    reviewProduct(id: $id) {
      id
      title
      descriptionHtml
      priceCents
      status
      availability
      redemptionMethod
      submittedAt
      createdAt
      category {
        id
        name
      }
      provider {
        id
        name
        city
      }
      images {
        id
        url
        thumbnailUrl
        alt
      }
      ...ProductDecisions_product
    }
  }
`);

const ApproveProductDocument = graphql(`
  mutation ApproveProduct($id: ID!, $municipalityIds: [ID!]) {
    approveProduct(id: $id, municipalityIds: $municipalityIds) {
      product {
        id
        ...ProductDecisions_product
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const RejectProductDocument = graphql(`
  mutation RejectProduct($id: ID!, $reason: String!, $municipalityIds: [ID!]) {
    rejectProduct(id: $id, reason: $reason, municipalityIds: $municipalityIds) {
      product {
        id
        ...ProductDecisions_product
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const REFETCH = ['ReviewProducts', 'AdminDashboard'];

interface Municipality {
  id: string;
  name: string;
}

/**
 * /admin/producten/{productId}: one product for review — everything the provider entered, and the decision of each
 * municipality in the reviewer's scope. Each municipality decides for itself: approve, or reject with a reason the
 * provider sees, per municipality; with several waiting, one button approves for all of them.
 */
export default function ProductReviewScreen() {
  const { productId = '' } = useParams();
  const query = useQuery(ReviewProductDocument, { variables: { id: productId } });
  return (
    <QueryBoundary
      query={query}
      select={(d) => d.reviewProduct}
      title="Product beoordelen"
      errorMessage="Dit product kon niet worden geladen."
    >
      {(product) => <ProductReview product={product} />}
    </QueryBoundary>
  );
}

function ProductReview({ product }: { product: NonNullable<ReviewProductQuery['reviewProduct']> }) {
  const [approve] = useMutation(ApproveProductDocument, { refetchQueries: REFETCH });
  const showNotice = useShowNotice();
  const decisions = productDecisions(product);
  const pending = decisions.approvals.filter((a) => a.status === 'PENDING').map((a) => a.municipality);
  const submitted = product.status !== 'DRAFT' && product.status !== 'ARCHIVED';
  // Approving for one or all: the municipalities' ids in the form data. The decided ones' buttons go: the focus goes
  // to the notice.
  const approval = useMutationForm({
    id: 'goedkeuren',
    fields: [],
    mutate: async (_, data) =>
      (await approve({ variables: { id: product.id, municipalityIds: data.getAll('municipalityId').map(String) } }))
        .data?.approveProduct,
    onSuccess: (_, data) => {
      const chosen = data.getAll('municipalityId');
      const names = dutchList(
        decisions.approvals.filter((a) => chosen.includes(a.municipality.id)).map((a) => a.municipality.name),
      );
      showNotice(
        `Het product is goedgekeurd voor ${names} en staat nu in het aanbod voor de inwoners daarvan. De aanbieder krijgt een e-mail.`,
        { focus: true },
      );
    },
  });
  const approveFor = (municipalities: Municipality[]) => {
    const data = new FormData();
    for (const m of municipalities) data.append('municipalityId', m.id);
    void approval.submit(data);
  };

  return (
    <Page title={product.title} crumb="Product beoordelen">
      <ProductFacts
        product={product}
        submittedLabel="Ingediend op"
        before={
          <>
            <dt>Aanbieder</dt>
            <dd>
              <Link to={urls.admin.providerProducts(product.provider.id)}>{product.provider.name}</Link>
              {product.provider.city ? ` (${product.provider.city})` : null}
            </dd>
            <dt>Categorie</dt>
            <dd>{product.category.name}</dd>
          </>
        }
      />

      <h2>Omschrijving</h2>
      {product.descriptionHtml ? (
        <div className="gw-prose" dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />
      ) : (
        <p className="gw-muted">Er is geen omschrijving.</p>
      )}

      {product.images.length > 0 ? (
        <>
          <h2>Afbeeldingen</h2>
          <ul className="gw-product-images">
            {product.images.map((image, index) => (
              <li key={image.id}>
                <a href={image.url}>
                  <img
                    src={image.thumbnailUrl}
                    alt={image.alt || `Afbeelding ${index + 1} van ${product.title}`}
                    width={400}
                    height={300}
                  />
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <section aria-labelledby="beoordeling-kop">
        <h2 id="beoordeling-kop">Beoordeling per gemeente</h2>
        {!submitted ? (
          <p>Dit product is niet ingediend en hoeft dus niet beoordeeld te worden.</p>
        ) : decisions.approvals.length === 0 ? (
          <p>
            In uw gemeenten staat dit product niet ter beoordeling: de aanbieder is daar (nog) geen goedgekeurde
            aanbieder. Zodra een gemeente de aanbieder goedkeurt, kan die gemeente het product beoordelen.
          </p>
        ) : (
          <>
            <p>
              Elke gemeente beslist zelf of een product in haar aanbod komt. U ziet en beslist alleen voor de gemeenten
              waarvoor u werkt.
            </p>
            <ProductDecisionsTable product={product} caption="Beslissing per gemeente" />
          </>
        )}
        {submitted && decisions.approvals.length > 0 && pending.length === 0 ? (
          <p>
            In uw gemeenten is over dit product beslist.{' '}
            <Link to={urls.admin.products()}>Naar de volgende producten</Link>
          </p>
        ) : null}
        {approval.summary}
        {pending.length > 1 ? (
          <p>
            <button type="button" className="gw-button" onClick={() => approveFor(pending)} disabled={approval.busy}>
              Goedkeuren voor alle {pending.length} gemeenten
            </button>
          </p>
        ) : null}
        {pending.map((municipality) => (
          <MunicipalityDecision
            key={municipality.id}
            productId={product.id}
            municipality={municipality}
            busy={approval.busy}
            onApprove={() => approveFor([municipality])}
          />
        ))}
      </section>
      <p>
        <Link to={urls.admin.products()}>Terug naar de te beoordelen producten</Link>
      </p>
    </Page>
  );
}

/** Approve, or reject with a reason, for one municipality. */
function MunicipalityDecision(props: {
  productId: string;
  municipality: Municipality;
  busy: boolean;
  onApprove: () => void;
}) {
  const { municipality } = props;
  const [reject] = useMutation(RejectProductDocument, { refetchQueries: REFETCH });
  const showNotice = useShowNotice();
  const rejection = useMutationForm({
    id: `afkeuren-${municipality.id}`,
    fields: ['reason'] as const,
    check: ruleCheck({ reason: rejectionReason }),
    mutate: async (values) =>
      (
        await reject({
          variables: { id: props.productId, reason: values.reason.trim(), municipalityIds: [municipality.id] },
        })
      ).data?.rejectProduct,
    onSuccess: () =>
      showNotice(
        `Het product is afgekeurd voor ${municipality.name}. De aanbieder ziet de reden en krijgt een e-mail.`,
        { focus: true },
      ),
  });
  const headingId = `beslissing-${municipality.id}`;

  return (
    <section aria-labelledby={headingId} className="gw-decision">
      <h3 id={headingId}>{municipality.name}</h3>
      <p>
        <button type="button" className="gw-button" onClick={props.onApprove} disabled={props.busy || rejection.busy}>
          Goedkeuren voor {municipality.name}
        </button>
      </p>
      <ReasonDisclosure
        form={rejection}
        label={`Afkeuren voor ${municipality.name}…`}
        fieldLabel={`Reden van afkeuren voor ${municipality.name}`}
        hint="De aanbieder ziet deze reden. Schrijf wat er moet veranderen."
        maxLength={PRODUCT_LIMITS.reasonMax}
        confirmLabel={`Afkeuren voor ${municipality.name}`}
        disabled={props.busy || rejection.busy}
      />
    </section>
  );
}
