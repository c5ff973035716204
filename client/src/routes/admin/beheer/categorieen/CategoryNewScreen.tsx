import { useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import { CategoryForm } from '../../../../components/categories/CategoryForm';
import { Page } from '../../../../components/layout/Page';
import { graphql } from '../../../../graphql/generated';
import { urls } from '../../../../lib/urls';

const CreateCategoryDocument = graphql(`
  mutation CreateCategory($input: CategoryInput!) {
    createCategory(input: $input) {
      category {
        id
        name
      }
      errors {
        field
        code
        message
      }
    }
  }
`);

export default function CategoryNewScreen() {
  const navigate = useNavigate();
  const [create] = useMutation(CreateCategoryDocument, { refetchQueries: ['AdminCategories'] });
  return (
    <Page title="Nieuwe categorie">
      <CategoryForm
        submitLabel="Categorie opslaan"
        onSave={async (input) => {
          const result = await create({ variables: { input } });
          const payload = result.data?.createCategory;
          if (!payload?.category) return { ok: false, errors: payload?.errors ?? [] };
          void navigate(urls.admin.beheer.categories(), { state: { notice: `De categorie ‘${payload.category.name}’ is toegevoegd.` } });
          return { ok: true };
        }}
      />
    </Page>
  );
}
