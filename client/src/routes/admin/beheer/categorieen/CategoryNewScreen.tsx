import { useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import { CategoryForm } from '@/components/categories/CategoryForm';
import { Page } from '@/components/layout/Page';
import { graphql } from '@/graphql/generated';
import { withNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';

const CreateCategoryDocument = graphql(`
  mutation CreateCategory($input: CategoryInput!) {
    createCategory(input: $input) {
      category {
        id
        name
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** /admin/beheer/categorieen/nieuw */
export default function CategoryNewScreen() {
  const navigate = useNavigate();
  const [create] = useMutation(CreateCategoryDocument, { refetchQueries: ['AdminCategories'] });
  return (
    <Page title="Nieuwe categorie">
      <CategoryForm
        submitLabel="Categorie opslaan"
        save={async (input) => (await create({ variables: { input } })).data?.createCategory}
        onSaved={(payload) =>
          void navigate(urls.admin.beheer.categories(), {
            state: withNotice(`De categorie ‘${payload.category!.name}’ is toegevoegd.`),
          })
        }
      />
    </Page>
  );
}
