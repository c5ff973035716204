import { useMutation, useQuery } from '@apollo/client/react';
import { useNavigate, useParams } from 'react-router';
import { ConfirmAction } from '@/components/forms/ConfirmAction';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { LinkPlacement } from '@/graphql/generated/graphql';
import { useShowNotice, withNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { LinkForm } from './LinkForm';

const AdminLinkDocument = graphql(`
  query AdminLink($id: ID!) {
    link(id: $id) {
      id
      label
      url
      placement
    }
  }
`);

const UpdateLinkDocument = graphql(`
  mutation UpdateLink($id: ID!, $input: LinkInput!) {
    updateLink(id: $id, input: $input) {
      link {
        id
        label
        url
        placement
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const DeleteLinkDocument = graphql(`
  mutation DeleteLink($id: ID!) {
    deleteLink(id: $id) {
      deletedId
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** /admin/beheer/links/{linkId}: change or delete a link. */
export default function LinkEditScreen() {
  const { linkId = '' } = useParams();
  const query = useQuery(AdminLinkDocument, { variables: { id: linkId } });
  return (
    <QueryBoundary
      query={query}
      select={(d) => d.link}
      title="Link bewerken"
      errorMessage="Deze link kon niet worden geladen."
    >
      {(link) => <LinkEdit link={link} />}
    </QueryBoundary>
  );
}

function LinkEdit({ link }: { link: { id: string; label: string; url: string; placement: LinkPlacement } }) {
  const navigate = useNavigate();
  const showNotice = useShowNotice();
  const [update] = useMutation(UpdateLinkDocument, { refetchQueries: ['AdminLinks', 'PublicSite'] });
  // The deleted link leaves the cache, so no list shows it (the links screen is read from the cache on return).
  const [remove] = useMutation(DeleteLinkDocument, {
    refetchQueries: ['AdminLinks', 'PublicSite'],
    update(cache, { data }) {
      const deletedId = data?.deleteLink.deletedId;
      if (!deletedId) return;
      cache.evict({ id: cache.identify({ __typename: 'Link', id: deletedId }) });
      cache.gc();
    },
  });
  const deletion = useMutationForm({
    id: 'verwijderen',
    fields: [],
    mutate: async () => (await remove({ variables: { id: link.id } })).data?.deleteLink,
    onSuccess: () =>
      void navigate(urls.admin.beheer.links(), { state: withNotice(`De link ‘${link.label}’ is verwijderd.`) }),
  });
  return (
    <Page title={`Link ‘${link.label}’`} crumb="Link bewerken">
      <LinkForm
        key={`${link.label}|${link.url}|${link.placement}`}
        initial={link}
        submitLabel="Wijzigingen opslaan"
        save={async (input) => (await update({ variables: { id: link.id, input } })).data?.updateLink}
        onSaved={() => showNotice('De wijzigingen zijn opgeslagen.')}
      />
      <section aria-labelledby="verwijderen-kop">
        <h2 id="verwijderen-kop">Verwijderen</h2>
        <ConfirmAction
          form={deletion}
          label="Link verwijderen"
          confirmLabel="Ja, verwijder deze link"
          groupLabel="Verwijderen bevestigen"
        />
      </section>
    </Page>
  );
}
