import { useMutation, useQuery } from '@apollo/client/react';
import { RadioGroup } from '@/components/forms/fields';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import { useShowNotice } from '@/lib/notice';

const FeaturedCategoryChoicesDocument = graphql(`
  query FeaturedCategoryChoices {
    categories {
      id
      name
      featured
    }
  }
`);

const SetFeaturedCategoryDocument = graphql(`
  mutation SetFeaturedCategory($categoryId: ID) {
    setFeaturedCategory(categoryId: $categoryId) {
      category {
        id
        featured
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const NONE = 'geen';
const TITLE = 'Uitgelichte categorie';
const LEAD = 'De uitgelichte categorie staat op de homepagina, met een paar van haar producten.';

/** /admin/beheer/categorieen/uitgelichte-categorie: choose the one featured category shown on the home page, or none. */
export default function FeaturedCategoryScreen() {
  const query = useQuery(FeaturedCategoryChoicesDocument, { fetchPolicy: 'cache-and-network' });
  return (
    <QueryBoundary
      query={query}
      select={(data) => data.categories}
      title={TITLE}
      errorMessage="De categorieën konden niet worden geladen."
    >
      {(categories) => <FeaturedCategoryForm categories={categories} />}
    </QueryBoundary>
  );
}

function FeaturedCategoryForm({
  categories,
}: {
  categories: readonly { id: string; name: string; featured: boolean }[];
}) {
  const showNotice = useShowNotice();
  const [setFeatured] = useMutation(SetFeaturedCategoryDocument, {
    refetchQueries: ['FeaturedCategoryChoices', 'AdminCategories', 'HomeFeatured'],
  });
  const form = useMutationForm({
    id: 'uitgelicht',
    fields: ['categoryId'],
    mutate: async ({ categoryId }) =>
      (await setFeatured({ variables: { categoryId: categoryId === NONE ? null : categoryId } })).data
        ?.setFeaturedCategory,
    onSuccess: (payload) =>
      showNotice(payload.category ? 'De uitgelichte categorie is opgeslagen.' : 'Er is nu geen uitgelichte categorie.'),
  });
  const current = categories.find((c) => c.featured)?.id ?? NONE;
  return (
    <Page title={TITLE} lead={LEAD}>
      <form className="gw-form" {...form.props} key={current}>
        {form.summary}
        <RadioGroup
          legend="Welke categorie wilt u uitlichten?"
          {...form.field('categoryId')}
          defaultValue={current}
          options={[
            ...categories.map((c) => ({ value: c.id, label: c.name })),
            { value: NONE, label: 'Geen uitgelichte categorie' },
          ]}
        />
        <button type="submit" className="gw-button" disabled={form.busy}>
          Opslaan
        </button>
      </form>
    </Page>
  );
}
