import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CategoryForm } from '../../../../components/categories/CategoryForm';
import { Page } from '../../../../components/layout/Page';
import { Alert } from '../../../../components/ui/Alert';
import { Loading } from '../../../../components/ui/Loading';
import { QueryError } from '../../../../components/ui/QueryError';
import { graphql } from '../../../../graphql/generated';
import { urls } from '../../../../lib/urls';
import NotFoundScreen from '../../../NotFoundScreen';

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
        field
        code
        message
      }
    }
  }
`);

const DeleteCategoryDocument = graphql(`
  mutation DeleteCategory($id: ID!) {
    deleteCategory(id: $id) {
      deletedId
      errors {
        field
        code
        message
      }
    }
  }
`);

export default function CategoryEditScreen() {
  const { categoryId = '' } = useParams();
  const navigate = useNavigate();
  const { data, loading, error, refetch } = useQuery(AdminCategoryDocument, { variables: { id: categoryId } });
  const [update] = useMutation(UpdateCategoryDocument, { refetchQueries: ['AdminCategories'] });
  const [remove, removeState] = useMutation(DeleteCategoryDocument, { refetchQueries: ['AdminCategories'] });
  const [notice, setNotice] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);

  if (loading && !data) {
    return (
      <Page title="Categorie bewerken">
        <div aria-busy="true">
          <Loading />
        </div>
      </Page>
    );
  }
  if (error && !data) {
    return (
      <Page title="Categorie bewerken">
        <QueryError message="Deze categorie kon niet worden geladen." onRetry={() => void refetch()} />
      </Page>
    );
  }
  const category = data?.category;
  if (!category) return <NotFoundScreen />;

  async function onDelete() {
    setDeleteError(null);
    try {
      const result = await remove({ variables: { id: categoryId } });
      const payload = result.data?.deleteCategory;
      if (payload?.deletedId) {
        void navigate(urls.admin.beheer.categories(), { state: { notice: `De categorie ‘${category!.name}’ is verwijderd.` } });
      } else {
        setDeleteError(payload?.errors.map((e) => e.message).join(' ') ?? 'Verwijderen is niet gelukt.');
      }
    } catch {
      setDeleteError('Verwijderen is niet gelukt door een storing. Probeer het over een paar minuten opnieuw.');
    }
    setConfirm(false);
  }

  return (
    <Page title={`Categorie ‘${category.name}’`} crumb="Categorie bewerken">
      {notice ? (
        <Alert variant="success" role="status">
          <p>{notice}</p>
        </Alert>
      ) : null}
      <CategoryForm
        key={`${category.name}|${category.sortOrder}`}
        initial={category}
        submitLabel="Wijzigingen opslaan"
        onSave={async (input) => {
          setNotice(null);
          const result = await update({ variables: { id: categoryId, input } });
          const payload = result.data?.updateCategory;
          if (!payload?.category) return { ok: false, errors: payload?.errors ?? [] };
          setNotice('De wijzigingen zijn opgeslagen.');
          return { ok: true };
        }}
      />
      <section aria-labelledby="verwijderen-kop">
        <h2 id="verwijderen-kop">Verwijderen</h2>
        {deleteError ? (
          <Alert variant="error" role="alert">
            <p>{deleteError}</p>
          </Alert>
        ) : null}
        {category.allProductCount > 0 ? (
          <p>
            Bij deze categorie {category.allProductCount === 1 ? 'hoort 1 product' : `horen ${category.allProductCount} producten`}. Een
            categorie met producten kunt u niet verwijderen.
          </p>
        ) : (
          <p>Deze categorie heeft geen producten en kan worden verwijderd.</p>
        )}
        {confirm ? (
          <div className="gw-form-actions" role="group" aria-label="Verwijderen bevestigen">
            <button type="button" className="gw-button gw-button--danger" onClick={() => void onDelete()} disabled={removeState.loading}>
              Ja, verwijder deze categorie
            </button>
            <button type="button" className="gw-button gw-button--secondary" onClick={() => setConfirm(false)}>
              Annuleren
            </button>
          </div>
        ) : (
          <p>
            <button type="button" className="gw-button gw-button--secondary" onClick={() => setConfirm(true)}>
              Categorie verwijderen
            </button>
          </p>
        )}
      </section>
    </Page>
  );
}
