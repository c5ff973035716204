import { useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import { Page } from '@/components/layout/Page';
import { graphql } from '@/graphql/generated';
import { withNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { LinkForm } from './LinkForm';

const CreateLinkDocument = graphql(`
  mutation CreateLink($input: LinkInput!) {
    createLink(input: $input) {
      link {
        id
        label
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** /admin/beheer/links/nieuw: a new link goes last in its place. */
export default function LinkNewScreen() {
  const navigate = useNavigate();
  const [create] = useMutation(CreateLinkDocument, { refetchQueries: ['AdminLinks', 'PublicSite'] });
  return (
    <Page title="Nieuwe link">
      <LinkForm
        submitLabel="Link opslaan"
        save={async (input) => (await create({ variables: { input } })).data?.createLink}
        onSaved={(payload) =>
          void navigate(urls.admin.beheer.links(), {
            state: withNotice(`De link ‘${payload.link!.label}’ is toegevoegd.`),
          })
        }
      />
    </Page>
  );
}
