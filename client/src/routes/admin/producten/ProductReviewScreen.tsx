import { useMutation, useQuery } from '@apollo/client/react';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../components/dates/formatDate';
import { TextAreaField } from '../../../components/forms/fields';
import { Page } from '../../../components/layout/Page';
import { Money } from '../../../components/money/Money';
import { rejectionReason } from '@rules/product';
import { messageOf } from '@rules/rule';
import { ProductDecisionsTable, dutchList, productDecisions } from '../../../components/products/ProductDecisions';
import { availabilityLabel, redemptionMethodLabel } from '../../../components/products/productLabels';
import { productStatusLabel } from '../../../components/products/productStatus';
import { Alert } from '../../../components/ui/Alert';
import { Loading } from '../../../components/ui/Loading';
import { QueryError } from '../../../components/ui/QueryError';
import { graphql } from '../../../graphql/generated';
import { urls } from '../../../lib/urls';
import NotFoundScreen from '../../NotFoundScreen';

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
 * One product for review: everything the provider entered, and the decision of each municipality in the reviewer's
 * scope. Each municipality decides for itself: approve, or reject with a reason the provider sees, per municipality;
 * with several waiting, one button approves for all of them.
 */
export default function ProductReviewScreen() {
  const { productId = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(ReviewProductDocument, { variables: { id: productId } });
  const [approve, approveState] = useMutation(ApproveProductDocument, { refetchQueries: REFETCH });
  const [reject, rejectState] = useMutation(RejectProductDocument, { refetchQueries: REFETCH });
  const [notice, setNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const product = data?.reviewProduct;

  if (loading && !data) {
    return (
      <Page title="Product beoordelen">
        <div aria-busy="true">
          <Loading />
        </div>
      </Page>
    );
  }
  if (error && !data) {
    return (
      <Page title="Product beoordelen">
        <QueryError message="Dit product kon niet worden geladen." onRetry={() => void refetch()} />
      </Page>
    );
  }
  if (!product) return <NotFoundScreen />;
  const decisions = productDecisions(product);
  const busy = approveState.loading || rejectState.loading;
  const pending = decisions.approvals.filter((a) => a.status === 'PENDING').map((a) => a.municipality);
  const submitted = product.status !== 'DRAFT' && product.status !== 'ARCHIVED';

  async function onApprove(municipalities: Municipality[]) {
    setNotice(null);
    setFormError(null);
    try {
      const result = await approve({ variables: { id: productId, municipalityIds: municipalities.map((m) => m.id) } });
      const errors = result.data?.approveProduct.errors ?? [];
      if (errors.length) setFormError(errors.map((e) => e.message).join(' '));
      else {
        const names = dutchList(municipalities.map((m) => m.name));
        setNotice(`Het product is goedgekeurd voor ${names} en staat nu in het aanbod voor de inwoners daarvan. De aanbieder krijgt een e-mail.`);
      }
    } catch {
      setFormError('Goedkeuren is niet gelukt door een storing. Probeer het over een paar minuten opnieuw.');
    }
  }

  /** Returns the message for the reason field, if the server put one there. */
  async function onReject(municipality: Municipality, reason: string): Promise<string | null> {
    setNotice(null);
    setFormError(null);
    try {
      const result = await reject({ variables: { id: productId, reason, municipalityIds: [municipality.id] } });
      const errors = result.data?.rejectProduct.errors ?? [];
      const onField = errors.find((e) => e.field === 'reason');
      if (onField) return onField.message;
      if (errors.length) setFormError(errors.map((e) => e.message).join(' '));
      else setNotice(`Het product is afgekeurd voor ${municipality.name}. De aanbieder ziet de reden en krijgt een e-mail.`);
    } catch {
      setFormError('Afkeuren is niet gelukt door een storing. Probeer het over een paar minuten opnieuw.');
    }
    return null;
  }

  return (
    <Page title={product.title} crumb="Product beoordelen">
      {notice ? (
        <Alert variant="success" role="status">
          <p>{notice}</p>
          <p>
            <Link to={urls.admin.products()}>Naar de volgende producten</Link>
          </p>
        </Alert>
      ) : null}
      {formError ? (
        <Alert variant="error" role="alert">
          <p>{formError}</p>
        </Alert>
      ) : null}
      <dl className="gw-definition-list">
        <dt>Status</dt>
        <dd>
          <span className="gw-tag">{productStatusLabel[product.status]}</span>
        </dd>
        <dt>Aanbieder</dt>
        <dd>
          <Link to={urls.admin.providerProducts(product.provider.id)}>{product.provider.name}</Link>
          {product.provider.city ? ` (${product.provider.city})` : null}
        </dd>
        <dt>Categorie</dt>
        <dd>{product.category.name}</dd>
        <dt>Prijs</dt>
        <dd>
          <Money cents={product.priceCents} />
        </dd>
        <dt>Beschikbaarheid</dt>
        <dd>{availabilityLabel[product.availability]}</dd>
        <dt>Levering</dt>
        <dd>{redemptionMethodLabel[product.redemptionMethod]}</dd>
        {product.submittedAt ? (
          <>
            <dt>Ingediend op</dt>
            <dd>{formatDateTime(product.submittedAt)}</dd>
          </>
        ) : null}
      </dl>

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
                  <img src={image.thumbnailUrl} alt={image.alt || `Afbeelding ${index + 1} van ${product.title}`} width={400} height={300} />
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
            In uw gemeenten staat dit product niet ter beoordeling: de aanbieder is daar (nog) geen goedgekeurde aanbieder. Zodra een
            gemeente de aanbieder goedkeurt, kan die gemeente het product beoordelen.
          </p>
        ) : (
          <>
            <p>Elke gemeente beslist zelf of een product in haar aanbod komt. U ziet en beslist alleen voor de gemeenten waarvoor u werkt.</p>
            <ProductDecisionsTable product={product} caption="Beslissing per gemeente" />
          </>
        )}
        {submitted && decisions.approvals.length > 0 && pending.length === 0 ? <p>In uw gemeenten is over dit product beslist.</p> : null}
        {pending.length > 1 ? (
          <p>
            <button type="button" className="gw-button" onClick={() => void onApprove(pending)} disabled={busy}>
              Goedkeuren voor alle {pending.length} gemeenten
            </button>
          </p>
        ) : null}
        {pending.map((municipality) => (
          <MunicipalityDecision
            key={municipality.id}
            municipality={municipality}
            busy={busy}
            onApprove={() => onApprove([municipality])}
            onReject={(reason) => onReject(municipality, reason)}
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
  municipality: Municipality;
  busy: boolean;
  onApprove: () => Promise<void>;
  onReject: (reason: string) => Promise<string | null>;
}) {
  const { municipality } = props;
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const headingId = `beslissing-${municipality.id}`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    // The server's own rule first (src/rules/product.ts), then the server's answer.
    const problem = messageOf(rejectionReason, reason) ?? (await props.onReject(reason));
    setReasonError(problem);
    if (problem) reasonRef.current?.focus();
  }

  return (
    <section aria-labelledby={headingId} className="gw-decision">
      <h3 id={headingId}>{municipality.name}</h3>
      <p>
        <button type="button" className="gw-button" onClick={() => void props.onApprove()} disabled={props.busy}>
          Goedkeuren voor {municipality.name}
        </button>
      </p>
      <form className="gw-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextAreaField
          ref={reasonRef}
          label={`Reden van afkeuren voor ${municipality.name}`}
          name="reason"
          rows={4}
          maxLength={2000}
          hint="De aanbieder ziet deze reden. Schrijf wat er moet veranderen."
          error={reasonError}
          required
        />
        <button type="submit" className="gw-button gw-button--secondary" disabled={props.busy}>
          Afkeuren voor {municipality.name}
        </button>
      </form>
    </section>
  );
}
