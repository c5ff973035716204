import { useMutation, useQuery } from '@apollo/client/react';
import { IMAGE_TYPES, imageFileProblem, imageHint } from '@rules/image';
import { useUploadLimit } from '@/components/settings/publicSettings';
import { useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '@/components/dates/formatDate';
import { ConfirmAction } from '@/components/forms/ConfirmAction';
import { TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import type { FormError } from '@/components/forms/userErrors';
import { Page } from '@/components/layout/Page';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { AdminNewsArticleQuery } from '@/graphql/generated/graphql';
import { useShowNotice, withNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { NewsArticleForm } from './NewsArticleForm';
import { newsStatusLabel } from '@/vocabulary/newsStatus';
import { uploadFile } from '@/lib/upload';

const AdminNewsArticleDocument = graphql(`
  query AdminNewsArticle($id: ID!) {
    adminNewsArticle(id: $id) {
      id
      title
      slug
      summary
      body
      imageAlt
      imageUrl
      status
      scheduled
      visible
      publishAt
      municipalityId
      path
      updatedAt
    }
  }
`);

const UpdateNewsArticleDocument = graphql(`
  mutation UpdateNewsArticle($id: ID!, $input: NewsArticleInput!) {
    updateNewsArticle(id: $id, input: $input) {
      article {
        id
        title
        slug
        summary
        body
        imageAlt
        status
        scheduled
        visible
        publishAt
        municipalityId
        path
        updatedAt
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const RemoveNewsImageDocument = graphql(`
  mutation RemoveNewsImage($id: ID!) {
    removeNewsImage(id: $id) {
      article {
        id
        imageUrl
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const DeleteNewsArticleDocument = graphql(`
  mutation DeleteNewsArticle($id: ID!) {
    deleteNewsArticle(id: $id) {
      deletedId
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type Article = NonNullable<AdminNewsArticleQuery['adminNewsArticle']>;

/** Sends the image to the upload endpoint; the answer's errors have the shape of a mutation payload's. */
async function uploadNewsImage(articleId: string, file: Blob, alt: string | null): Promise<{ errors: FormError[] }> {
  const { errors } = await uploadFile(urls.server.newsImage(articleId), file, alt !== null ? { fields: { alt } } : {});
  return { errors };
}

/** /admin/beheer/nieuws/{articleId}: edit, schedule, publish or archive an article; its image; delete it. */
export default function NewsArticleEditScreen() {
  const { articleId = '' } = useParams();
  const query = useQuery(AdminNewsArticleDocument, { variables: { id: articleId } });
  return (
    <QueryBoundary
      query={query}
      select={(data) => data.adminNewsArticle}
      title="Bericht bewerken"
      errorMessage="Dit bericht kon niet worden geladen."
    >
      {(article) => <NewsArticleEdit article={article} refetch={() => void query.refetch()} />}
    </QueryBoundary>
  );
}

function statusLine(article: Article): string {
  if (article.status === 'PUBLISHED' && article.scheduled && article.publishAt)
    return `Ingepland: verschijnt op ${formatDateTime(article.publishAt)}.`;
  if (article.status === 'PUBLISHED' && article.publishAt)
    return `Gepubliceerd sinds ${formatDateTime(article.publishAt)}.`;
  return `${newsStatusLabel[article.status]}: bezoekers zien dit bericht niet.`;
}

function NewsArticleEdit({ article, refetch }: { article: Article; refetch: () => void }) {
  const navigate = useNavigate();
  const showNotice = useShowNotice();
  const imageForm = useRef<HTMLFormElement>(null);
  const uploadLimit = useUploadLimit();
  const [update] = useMutation(UpdateNewsArticleDocument, { refetchQueries: ['AdminNews', 'News', 'LatestNews'] });
  const [removeImage] = useMutation(RemoveNewsImageDocument);
  const [remove] = useMutation(DeleteNewsArticleDocument, { refetchQueries: ['AdminNews', 'News', 'LatestNews'] });

  const upload = useMutationForm({
    id: 'afbeelding',
    fields: ['file'] as const,
    check: (_, data) => ({ file: imageFileProblem(data.get('file') as File | null, uploadLimit) }),
    mutate: (_, data) => uploadNewsImage(article.id, data.get('file') as File, null),
    onSuccess: () => {
      imageForm.current?.reset();
      showNotice('De afbeelding is opgeslagen.');
      refetch();
    },
  });
  const imageRemoval = useMutationForm({
    id: 'afbeelding-verwijderen',
    fields: [],
    mutate: async () => (await removeImage({ variables: { id: article.id } })).data?.removeNewsImage,
    onSuccess: () => {
      showNotice('De afbeelding is verwijderd.', { focus: true });
      refetch();
    },
  });
  const deletion = useMutationForm({
    id: 'verwijderen',
    fields: [],
    mutate: async () => (await remove({ variables: { id: article.id } })).data?.deleteNewsArticle,
    onSuccess: () =>
      void navigate(urls.admin.beheer.news(), { state: withNotice(`Het bericht ‘${article.title}’ is verwijderd.`) }),
  });

  return (
    <Page title={`Bericht ‘${article.title}’`} crumb="Bericht bewerken">
      <p>
        {statusLine(article)} {article.visible ? <Link to={article.path}>Bekijk het bericht op de website</Link> : null}
      </p>
      <NewsArticleForm
        key={article.updatedAt}
        initial={article}
        submitLabel="Wijzigingen opslaan"
        save={async (input) => (await update({ variables: { id: article.id, input } })).data?.updateNewsArticle}
        onSaved={(payload) => {
          const a = payload.article!;
          showNotice(
            a.status === 'PUBLISHED'
              ? a.scheduled
                ? 'De wijzigingen zijn opgeslagen. Het bericht is ingepland.'
                : 'De wijzigingen zijn opgeslagen. Het bericht is gepubliceerd.'
              : 'De wijzigingen zijn opgeslagen.',
          );
        }}
      />

      <section aria-labelledby="afbeelding-kop">
        <h2 id="afbeelding-kop">Afbeelding</h2>
        {article.imageUrl ? (
          <>
            <img className="gw-news-image" src={article.imageUrl} alt={article.imageAlt} width={600} height={338} />
            <ConfirmAction
              form={imageRemoval}
              label="Afbeelding verwijderen"
              confirmLabel="Ja, verwijder de afbeelding"
              groupLabel="Afbeelding verwijderen bevestigen"
            />
          </>
        ) : (
          <p className="gw-muted">Dit bericht heeft nog geen afbeelding.</p>
        )}
        <form className="gw-form" ref={imageForm} {...upload.props}>
          {upload.summary}
          <TextField
            label={article.imageUrl ? 'Andere afbeelding kiezen' : 'Afbeelding kiezen'}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            hint={`${imageHint(uploadLimit)} De afbeelding wordt bijgesneden tot 16:9.`}
            {...upload.field('file')}
          />
          <button type="submit" className="gw-button gw-button--secondary" disabled={upload.busy}>
            {upload.busy ? 'Bezig met uploaden…' : 'Afbeelding uploaden'}
          </button>
        </form>
      </section>

      <section aria-labelledby="verwijderen-kop">
        <h2 id="verwijderen-kop">Verwijderen</h2>
        <p>Wilt u het bericht alleen van de website halen? Kies dan de status Gearchiveerd: zo blijft het bewaard.</p>
        <ConfirmAction
          form={deletion}
          label="Bericht verwijderen"
          confirmLabel="Ja, verwijder dit bericht"
          groupLabel="Verwijderen bevestigen"
        />
      </section>
    </Page>
  );
}
