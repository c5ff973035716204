import { useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import { Page } from '@/components/layout/Page';
import { Loading } from '@/components/ui/Loading';
import { QueryError } from '@/components/ui/QueryError';
import { graphql } from '@/graphql/generated';
import { searchParams } from '@/lib/urls';
import { useSearchParam } from '@/lib/urlState';
import { FileFormat } from './FileFormat';
import { ImportHistory } from './ImportHistory';
import { RunPanel } from './RunPanel';
import { UploadForm } from './UploadForm';

const ImportOverviewDocument = graphql(`
  query ImportOverview {
    viewer {
      kind
      municipalities {
        id
        name
      }
    }
    importRuns(first: 20) {
      id
      fileName
      municipalityName
      createdByName
      status
      totalRows
      invalidRows
      createdRows
      updatedRows
      failedRows
      createdAt
    }
  }
`);

/** /admin/beheer/importeren: households, persons and assignments from a CSV file (IMPORT_RUN). */
export default function ImportScreen() {
  const [current, setCurrent] = useSearchParam(searchParams.importRun);
  const { data, loading, error, refetch } = useQuery(ImportOverviewDocument, { fetchPolicy: 'cache-and-network' });
  const municipalities = data?.viewer.municipalities ?? [];
  const refresh = useCallback(() => void refetch(), [refetch]);
  const exampleMunicipality = municipalities.length === 1 ? municipalities[0]!.id : undefined;

  return (
    <Page
      title="Importeren"
      lead="Lees klantgroepen (huishoudens), personen en toewijzingen in uit een CSV-bestand van uw eigen systemen."
    >
      <FileFormat exampleMunicipality={exampleMunicipality} />

      {loading && !data ? <Loading /> : null}
      {error && !data ? <QueryError onRetry={() => void refetch()} /> : null}
      {data ? (
        <UploadForm
          municipalities={municipalities}
          onChecked={(id) => {
            setCurrent(id);
            void refetch();
          }}
        />
      ) : null}

      {current ? <RunPanel key={current} id={current} onDone={refresh} /> : null}

      {data ? <ImportHistory runs={data.importRuns} /> : null}
    </Page>
  );
}
