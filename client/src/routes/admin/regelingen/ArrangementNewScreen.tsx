import { useMutation, useQuery } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import { ArrangementForm } from '@/components/arrangements/ArrangementForm';
import { Page } from '@/components/layout/Page';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import { withNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';

const ArrangementFormDataDocument = graphql(`
  query ArrangementFormData {
    ...ArrangementFormChoices @unmask
  }
`);

const CreateArrangementDocument = graphql(`
  mutation CreateArrangement($input: ArrangementInput!) {
    createArrangement(input: $input) {
      arrangement {
        id
        name
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const TITLE = 'Nieuwe regeling';

/** /admin/regelingen/nieuw: a new arrangement for one of the staff member's municipalities. */
export default function ArrangementNewScreen() {
  const navigate = useNavigate();
  const [create] = useMutation(CreateArrangementDocument, { refetchQueries: ['AdminArrangements'] });
  return (
    <QueryBoundary
      query={useQuery(ArrangementFormDataDocument)}
      select={(data) => data}
      title={TITLE}
      errorMessage="Het formulier kon niet worden geladen."
    >
      {(data) => (
        <Page
          title={TITLE}
          lead="Een regeling bepaalt hoeveel tegoed een huishouden krijgt, hoe lang het geldig is en waaraan het besteed mag worden."
        >
          <ArrangementForm
            municipalities={data.viewer.municipalities}
            categories={data.categories}
            submitLabel="Regeling aanmaken"
            save={async (input) => (await create({ variables: { input } })).data?.createArrangement}
            onSaved={(payload) =>
              void navigate(urls.admin.arrangements(), {
                state: withNotice(`De regeling ‘${payload.arrangement!.name}’ is aangemaakt.`),
              })
            }
          />
        </Page>
      )}
    </QueryBoundary>
  );
}
