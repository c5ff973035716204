import { useMutation, useQuery } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/layout/Page';
import { Loading } from '../../../components/ui/Loading';
import { QueryError } from '../../../components/ui/QueryError';
import { graphql } from '../../../graphql/generated';
import { urls } from '../../../lib/urls';
import { ArrangementForm } from './ArrangementForm';
import { ArrangementFormDataDocument } from './arrangementFormData';

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

/** /admin/regelingen/nieuw: a new arrangement for one of the staff member's municipalities. */
export default function ArrangementNewScreen() {
  const navigate = useNavigate();
  const { data, loading, error, refetch } = useQuery(ArrangementFormDataDocument);
  const [create] = useMutation(CreateArrangementDocument, { refetchQueries: ['AdminArrangements'] });

  return (
    <Page title="Nieuwe regeling" lead="Een regeling bepaalt hoeveel tegoed een huishouden krijgt, hoe lang het geldig is en waaraan het besteed mag worden.">
      <div aria-busy={loading && !data}>
        {loading && !data ? <Loading /> : null}
        {error && !data ? <QueryError message="Het formulier kon niet worden geladen." onRetry={() => void refetch()} /> : null}
        {data ? (
          <ArrangementForm
            municipalities={data.viewer.municipalities}
            categories={data.categories}
            submitLabel="Regeling aanmaken"
            onSave={async (input) => {
              const payload = (await create({ variables: { input } })).data?.createArrangement;
              if (!payload?.arrangement) return { ok: false, errors: payload?.errors ?? [] };
              void navigate(urls.admin.arrangements(), { state: { notice: `De regeling ‘${payload.arrangement.name}’ is aangemaakt.` } });
              return { ok: true };
            }}
          />
        ) : null}
      </div>
    </Page>
  );
}
