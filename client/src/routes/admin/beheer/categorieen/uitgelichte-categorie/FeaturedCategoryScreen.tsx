import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { RadioGroup } from '../../../../../components/forms/fields';
import { Page } from '../../../../../components/layout/Page';
import { Alert } from '../../../../../components/ui/Alert';
import { Loading } from '../../../../../components/ui/Loading';
import { QueryError } from '../../../../../components/ui/QueryError';
import { graphql } from '../../../../../graphql/generated';
import { AdminCategoriesDocument } from '../CategoriesScreen';

const SetFeaturedCategoryDocument = graphql(`
  mutation SetFeaturedCategory($categoryId: ID) {
    setFeaturedCategory(categoryId: $categoryId) {
      category {
        id
        featured
      }
      errors {
        field
        code
        message
      }
    }
  }
`);

const NONE = 'geen';

/** Choose the one featured category shown on the home page, or none. */
export default function FeaturedCategoryScreen() {
  const { data, loading, error, refetch } = useQuery(AdminCategoriesDocument, { fetchPolicy: 'cache-and-network' });
  const [setFeatured, state] = useMutation(SetFeaturedCategoryDocument, { refetchQueries: ['AdminCategories', 'HomeFeatured'] });
  const [notice, setNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    setFormError(null);
    const value = String(new FormData(event.currentTarget).get('featured') ?? NONE);
    try {
      const result = await setFeatured({ variables: { categoryId: value === NONE ? null : value } });
      const errors = result.data?.setFeaturedCategory.errors ?? [];
      if (errors.length) setFormError(errors.map((e) => e.message).join(' '));
      else setNotice(value === NONE ? 'Er is nu geen uitgelichte categorie.' : 'De uitgelichte categorie is opgeslagen.');
    } catch {
      setFormError('Opslaan is niet gelukt door een storing. Probeer het over een paar minuten opnieuw.');
    }
  }

  const current = data?.categories.find((c) => c.featured)?.id ?? NONE;
  return (
    <Page title="Uitgelichte categorie" lead="De uitgelichte categorie staat op de homepagina, met een paar van haar producten.">
      {notice ? (
        <Alert variant="success" role="status">
          <p>{notice}</p>
        </Alert>
      ) : null}
      {formError ? (
        <Alert variant="error" role="alert">
          <p>{formError}</p>
        </Alert>
      ) : null}
      <div aria-busy={loading && !data}>
        {loading && !data ? <Loading /> : null}
        {error && !data ? <QueryError message="De categorieën konden niet worden geladen." onRetry={() => void refetch()} /> : null}
      </div>
      {data ? (
        <form className="gw-form" onSubmit={submit} key={current}>
          <RadioGroup
            legend="Welke categorie wilt u uitlichten?"
            name="featured"
            defaultValue={current}
            options={[...data.categories.map((c) => ({ value: c.id, label: c.name })), { value: NONE, label: 'Geen uitgelichte categorie' }]}
          />
          <button type="submit" className="gw-button" disabled={state.loading}>
            Opslaan
          </button>
        </form>
      ) : null}
    </Page>
  );
}
