import { useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import { Page } from '@/components/layout/Page';
import { graphql } from '@/graphql/generated';
import { withNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { NewsArticleForm } from './NewsArticleForm';

const CreateNewsArticleDocument = graphql(`
  mutation CreateNewsArticle($input: NewsArticleInput!) {
    createNewsArticle(input: $input) {
      article {
        id
        title
        status
        scheduled
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** /admin/beheer/nieuws/nieuw: write an article; after saving, the edit screen (where the image is added). */
export default function NewsArticleNewScreen() {
  const navigate = useNavigate();
  const [create] = useMutation(CreateNewsArticleDocument, {
    refetchQueries: ['AdminNews', 'News', 'LatestNews'],
  });
  return (
    <Page title="Nieuw bericht">
      <NewsArticleForm
        submitLabel="Bericht opslaan"
        save={async (input) => (await create({ variables: { input } })).data?.createNewsArticle}
        onSaved={(payload) => {
          const a = payload.article!;
          const what = a.status === 'PUBLISHED' ? (a.scheduled ? 'is ingepland' : 'is gepubliceerd') : 'is opgeslagen';
          void navigate(urls.admin.beheer.newsArticle(a.id), {
            state: withNotice(`Het bericht ‘${a.title}’ ${what}. U kunt nu een afbeelding toevoegen.`),
          });
        }}
      />
    </Page>
  );
}
