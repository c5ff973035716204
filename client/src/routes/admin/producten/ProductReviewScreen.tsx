import { useMutation, useQuery } from '@apollo/client/react';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../components/dates/formatDate';
import { TextAreaField } from '../../../components/forms/fields';
import { Page } from '../../../components/layout/Page';
import { Money } from '../../../components/money/Money';
import { rejectionReason } from '@rules/product';
import { messageOf } from '@rules/rule';
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
      rejectionReason
      submittedAt
      reviewedAt
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
    }
  }
`);

const ApproveProductDocument = graphql(`
  mutation ApproveProduct($id: ID!) {
    approveProduct(id: $id) {
      product {
        id
        status
        reviewedAt
        rejectionReason
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const RejectProductDocument = graphql(`
  mutation RejectProduct($id: ID!, $reason: String!) {
    rejectProduct(id: $id, reason: $reason) {
      product {
        id
        status
        reviewedAt
        rejectionReason
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** One product for review: everything the provider entered; approve, or reject with a reason the provider sees. */
export default function ProductReviewScreen() {
  const { productId = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(ReviewProductDocument, { variables: { id: productId } });
  const [approve, approveState] = useMutation(ApproveProductDocument, { refetchQueries: ['ReviewProducts', 'AdminDashboard'] });
  const [reject, rejectState] = useMutation(RejectProductDocument, { refetchQueries: ['ReviewProducts', 'AdminDashboard'] });
  const [notice, setNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

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
  const product = data?.reviewProduct;
  if (!product) return <NotFoundScreen />;
  const busy = approveState.loading || rejectState.loading;

  async function onApprove() {
    setNotice(null);
    setFormError(null);
    try {
      const result = await approve({ variables: { id: productId } });
      const errors = result.data?.approveProduct.errors ?? [];
      if (errors.length) setFormError(errors.map((e) => e.message).join(' '));
      else setNotice('Het product is goedgekeurd en staat nu in het aanbod. De aanbieder krijgt een e-mail.');
    } catch {
      setFormError('Goedkeuren is niet gelukt door een storing. Probeer het over een paar minuten opnieuw.');
    }
  }

  async function onReject(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    setFormError(null);
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    const problem = messageOf(rejectionReason, reason);
    if (problem) {
      setReasonError(problem);
      reasonRef.current?.focus();
      return;
    }
    setReasonError(null);
    try {
      const result = await reject({ variables: { id: productId, reason } });
      const errors = result.data?.rejectProduct.errors ?? [];
      const onField = errors.find((e) => e.field === 'reason');
      if (onField) {
        setReasonError(onField.message);
        reasonRef.current?.focus();
      } else if (errors.length) setFormError(errors.map((e) => e.message).join(' '));
      else setNotice('Het product is afgekeurd. De aanbieder ziet de reden en krijgt een e-mail.');
    } catch {
      setFormError('Afkeuren is niet gelukt door een storing. Probeer het over een paar minuten opnieuw.');
    }
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
        {product.status === 'REJECTED' && product.rejectionReason ? (
          <>
            <dt>Reden van afkeuren</dt>
            <dd>{product.rejectionReason}</dd>
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

      {product.status === 'SUBMITTED' ? (
        <section aria-labelledby="beoordeling-kop">
          <h2 id="beoordeling-kop">Beoordeling</h2>
          <p>
            <button type="button" className="gw-button" onClick={() => void onApprove()} disabled={busy}>
              Goedkeuren
            </button>
          </p>
          <form className="gw-form" noValidate onSubmit={onReject}>
            <TextAreaField
              ref={reasonRef}
              label="Reden van afkeuren"
              name="reason"
              rows={4}
              maxLength={2000}
              hint="De aanbieder ziet deze reden. Schrijf wat er moet veranderen."
              error={reasonError}
              required
            />
            <button type="submit" className="gw-button gw-button--secondary" disabled={busy}>
              Afkeuren
            </button>
          </form>
        </section>
      ) : (
        <p>
          {product.status === 'APPROVED' || product.status === 'REJECTED'
            ? 'Dit product is beoordeeld.'
            : 'Dit product is niet ingediend en hoeft dus niet beoordeeld te worden.'}
        </p>
      )}
      <p>
        <Link to={urls.admin.products()}>Terug naar de te beoordelen producten</Link>
      </p>
    </Page>
  );
}
