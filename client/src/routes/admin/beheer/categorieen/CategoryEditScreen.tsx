import { useMutation, useQuery } from '@apollo/client/react';
import { useNavigate, useParams } from 'react-router';
import { CategoryForm } from '@/components/categories/CategoryForm';
import { ConfirmAction } from '@/components/forms/ConfirmAction';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import { useShowNotice, withNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { countOf, plural } from '@/lib/plural';

const AdminCategoryDocument = graphql(`
  query AdminCategory($id: ID!) {
    category(id: $id) {
      id
      name
      description
      sortOrder
      featured
      allProductCount
    }
  }
`);

const UpdateCategoryDocument = graphql(`
  mutation UpdateCategory($id: ID!, $input: CategoryInput!) {
    updateCategory(id: $id, input: $input) {
      category {
        id
        name
        description
        sortOrder
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const DeleteCategoryDocument = graphql(`
  mutation DeleteCategory($id: ID!) {
    deleteCategory(id: $id) {
      deletedId
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** /admin/beheer/categorieen/{categoryId}: edit a category, or delete it when it has no products. */
export default function CategoryEditScreen() {
  const { categoryId = '' } = useParams();
  const query = useQuery(AdminCategoryDocument, { variables: { id: categoryId } });
  return (
    <QueryBoundary
      query={query}
      select={(data) => data.category}
      title="Categorie bewerken"
      errorMessage="Deze categorie kon niet worden geladen."
    >
      {(category) => <CategoryEdit category={category} />}
    </QueryBoundary>
  );
}

function CategoryEdit({
  category,
}: {
  category: { id: string; name: string; description: string; sortOrder: number; allProductCount: number };
}) {
  const navigate = useNavigate();
  const showNotice = useShowNotice();
  const [update] = useMutation(UpdateCategoryDocument, { refetchQueries: ['AdminCategories'] });
  const [remove] = useMutation(DeleteCategoryDocument, { refetchQueries: ['AdminCategories'] });
  const deletion = useMutationForm({
    id: 'verwijderen',
    fields: [],
    mutate: async () => (await remove({ variables: { id: category.id } })).data?.deleteCategory,
    onSuccess: () =>
      void navigate(urls.admin.beheer.categories(), {
        state: withNotice(`De categorie ‘${category.name}’ is verwijderd.`),
      }),
  });
  const n = category.allProductCount;

  return (
    <Page title={`Categorie ‘${category.name}’`} crumb="Categorie bewerken">
      <CategoryForm
        key={`${category.name}|${category.description}|${category.sortOrder}`}
        initial={category}
        submitLabel="Wijzigingen opslaan"
        save={async (input) => (await update({ variables: { id: category.id, input } })).data?.updateCategory}
        onSaved={() => showNotice('De wijzigingen zijn opgeslagen.')}
      />
      <section aria-labelledby="verwijderen-kop">
        <h2 id="verwijderen-kop">Verwijderen</h2>
        <p>
          {n > 0
            ? `Bij deze categorie ${plural(n, 'hoort', 'horen')} ${countOf(n, 'product', 'producten')}. Een categorie met producten kunt u niet verwijderen.`
            : 'Deze categorie heeft geen producten en kan worden verwijderd.'}
        </p>
        <ConfirmAction
          form={deletion}
          label="Categorie verwijderen"
          confirmLabel="Ja, verwijder deze categorie"
          groupLabel="Verwijderen bevestigen"
        />
      </section>
    </Page>
  );
}
