import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { graphql } from '../../graphql/generated';
import type { ContentPageKind } from '../../graphql/generated/graphql';
import { useMutationForm } from '../forms/useMutationForm';
import { EmailField, TextField } from '../forms/TextField';
import { RadioGroup, TextAreaField } from '../forms/fields';
import { DescriptionEditor } from '../products/DescriptionEditor';
import { QueryBoundary } from '../ui/QueryBoundary';
import { formatDate, formatDateTime } from '../dates/formatDate';
import { useShowNotice } from '../../lib/notice';
import { ACCESSIBILITY_STATUS_LABELS, ACCESSIBILITY_STATUSES, contentPageRules } from '@rules/content-page';
import { messageOf } from '@rules/rule';
import { DataTable } from '../ui/DataTable';

const VERSION_FIELDS = graphql(`
  fragment ContentPageVersionFields on ContentPageVersion {
    id
    version
    title
    body
    bodyHtml
    publishedAt
    restoredFrom
    authorName
    createdAt
    accessibility {
      ...AccessibilityStatementFields @unmask
    }
  }
`);
void VERSION_FIELDS;

const PAGE_FIELDS = graphql(`
  fragment ContentPageFields on ContentPage {
    page
    municipalityId
    published {
      ...ContentPageVersionFields @unmask
    }
    draft {
      ...ContentPageVersionFields @unmask
    }
    versions {
      id
      version
      title
      publishedAt
      restoredFrom
      authorName
      createdAt
    }
  }
`);
void PAGE_FIELDS;

export const AdminContentPageDocument = graphql(`
  query AdminContentPage($page: ContentPageKind!, $municipalityId: ID) {
    adminContentPage(page: $page, municipalityId: $municipalityId) {
      ...ContentPageFields @unmask
    }
  }
`);

const PreviewContentPageDocument = graphql(`
  query PreviewContentPage($source: String!) {
    previewContentPage(source: $source)
  }
`);

const SaveContentPageDocument = graphql(`
  mutation SaveContentPage($page: ContentPageKind!, $municipalityId: ID, $input: ContentPageInput!) {
    saveContentPage(page: $page, municipalityId: $municipalityId, input: $input) {
      page {
        ...ContentPageFields @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const PublishContentPageDocument = graphql(`
  mutation PublishContentPage($versionId: ID!) {
    publishContentPage(versionId: $versionId) {
      page {
        ...ContentPageFields @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const RestoreContentPageDocument = graphql(`
  mutation RestoreContentPageVersion($versionId: ID!) {
    restoreContentPageVersion(versionId: $versionId) {
      page {
        ...ContentPageFields @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type PageData = NonNullable<ReturnType<typeof useAdminPage>['data']>['adminContentPage'];
type EditorPage = NonNullable<PageData>;
type Version = NonNullable<EditorPage['published']>;

function useAdminPage(page: ContentPageKind, municipalityId: string | null) {
  return useQuery(AdminContentPageDocument, { variables: { page, municipalityId } });
}

interface ContentPageEditorProps {
  page: ContentPageKind;
  municipalityId?: string | null;
  /** The page's name in messages ("de privacyverklaring"). */
  name: string;
  /** Where the public sees it; absent for the providers' terms (shown in the registration and join forms). */
  publicUrl?: string;
  /** Said before publishing (the providers' terms: every provider accepts them again). */
  publishWarning?: string;
  /** Unique on the screen: the prefix of the field ids. */
  id: string;
}

/** The page has no id of its own: after a change the editor's query is fetched again. */
const REFETCH = { refetchQueries: ['AdminContentPage'], awaitRefetchQueries: true };

/**
 * One content page for its editors (instellingen: hoe-werkt-het, privacybeleid, toegankelijkheid,
 * algemene-voorwaarden): write a draft with the toolbar and a preview rendered by the server as the public page is,
 * save it (a new version), look at the saved draft and publish it, and restore any earlier version as a new draft.
 */
export function ContentPageEditor(props: ContentPageEditorProps) {
  const query = useAdminPage(props.page, props.municipalityId ?? null);
  return (
    <QueryBoundary
      query={query}
      select={(data) => data.adminContentPage}
      title="Pagina bewerken"
      errorMessage="Deze pagina kon niet worden geladen."
    >
      {(page) => <Editor {...props} data={page} />}
    </QueryBoundary>
  );
}

const FIELDS = [
  'title',
  'body',
  'accessibility',
  'accessibility.status',
  'accessibility.reviewedOn',
  'accessibility.reviewMethod',
  'accessibility.contactEmail',
  'accessibility.contactPhone',
] as const;

function Editor({ data, name, publicUrl, publishWarning, id }: ContentPageEditorProps & { data: EditorPage }) {
  const client = useApolloClient();
  const showNotice = useShowNotice();
  const [save] = useMutation(SaveContentPageDocument, REFETCH);
  const [publish] = useMutation(PublishContentPageDocument, REFETCH);
  const latest = data.draft ?? data.published;
  const isAccessibility = data.page === 'ACCESSIBILITY';
  const [problems, setProblems] = useState(() =>
    (latest?.accessibility?.problems ?? []).map((p, i) => ({ key: i, ...p })),
  );
  const [nextKey, setNextKey] = useState(problems.length);

  const form = useMutationForm({
    id,
    fields: FIELDS,
    check: (values) => ({
      title: messageOf(contentPageRules.title, values.title),
      body: messageOf(contentPageRules.body, values.body),
    }),
    mutate: async (values, formData) => {
      const accessibility = isAccessibility
        ? {
            status: values['accessibility.status'],
            reviewedOn: values['accessibility.reviewedOn'],
            reviewMethod: values['accessibility.reviewMethod'],
            contactEmail: values['accessibility.contactEmail'],
            contactPhone: values['accessibility.contactPhone'],
            problems: problems.map((p) => ({
              description: String(formData.get(`problem-${p.key}-description`) ?? ''),
              fix: String(formData.get(`problem-${p.key}-fix`) ?? ''),
            })),
          }
        : null;
      const r = await save({
        variables: {
          page: data.page,
          municipalityId: data.municipalityId,
          input: { title: values.title, body: values.body, accessibility },
        },
      });
      return r.data?.saveContentPage;
    },
    onSuccess: () => showNotice(`Het concept van ${name} is opgeslagen. Bekijk het hieronder en publiceer het.`),
  });

  const publishing = useMutationForm({
    id: `${id}-publiceren`,
    fields: [],
    mutate: async () => (await publish({ variables: { versionId: data.draft!.id } })).data?.publishContentPage,
    onSuccess: () => showNotice(`${capitalise(name)} is gepubliceerd.`),
  });

  const a = latest?.accessibility;
  return (
    <>
      <section aria-labelledby={`${id}-status`}>
        <h2 id={`${id}-status`}>Status</h2>
        {data.published ? (
          <p>
            Gepubliceerd: versie {data.published.version}, op {formatDateTime(data.published.publishedAt!)}.
            {publicUrl ? (
              <>
                {' '}
                <Link to={publicUrl}>Bekijk de openbare pagina</Link>.
              </>
            ) : null}
          </p>
        ) : (
          <p>Deze pagina is nog niet gepubliceerd; bezoekers zien nog geen tekst.</p>
        )}
        {data.draft ? (
          <p>
            Er is een concept (versie {data.draft.version}) dat nog niet is gepubliceerd.{' '}
            <a href={`#${id}-concept`}>Naar het concept</a>
          </p>
        ) : null}
      </section>

      <section aria-labelledby={`${id}-bewerken`}>
        <h2 id={`${id}-bewerken`}>Tekst bewerken</h2>
        <p className="gw-muted">
          Opslaan maakt een nieuw concept. Bezoekers zien het pas als u het concept publiceert.
        </p>
        <form className="gw-form" {...form.props} key={latest?.id ?? 'nieuw'}>
          {form.summary}
          <TextField label="Titel" defaultValue={latest?.title ?? ''} {...form.field('title')} />
          <DescriptionEditor
            {...form.field('body')}
            error={form.field('body').error}
            label="Tekst"
            hint="Gebruik de knoppen voor tussenkoppen, opsommingen en links. Met ‘Voorbeeld’ ziet u de tekst zoals bezoekers hem zien."
            defaultValue={latest?.body ?? ''}
            rows={16}
            previewLabel="Voorbeeld: zo ziet de tekst eruit op de openbare pagina."
            emptyPreview="U heeft nog geen tekst geschreven."
            renderPreview={async (source) =>
              (
                await client.query({
                  query: PreviewContentPageDocument,
                  variables: { source },
                  fetchPolicy: 'no-cache',
                })
              ).data?.previewContentPage
            }
          />
          {isAccessibility ? (
            <fieldset className="gw-fieldset">
              <legend>Gegevens van de verklaring</legend>
              <RadioGroup
                legend="Status"
                name="accessibility.status"
                id={form.field('accessibility.status').id}
                error={form.field('accessibility.status').error}
                defaultValue={a?.status ?? undefined}
                options={ACCESSIBILITY_STATUSES.map((s) => ({ value: s, label: ACCESSIBILITY_STATUS_LABELS[s] }))}
              />
              <TextField
                label="Datum van het laatste onderzoek"
                type="date"
                defaultValue={a?.reviewedOn ?? ''}
                {...form.field('accessibility.reviewedOn')}
              />
              <TextAreaField
                label="Methode van het onderzoek"
                hint="Bijvoorbeeld: onderzoek door een deskundige volgens WCAG-EM, of een eigen onderzoek."
                rows={3}
                defaultValue={a?.reviewMethod ?? ''}
                {...form.field('accessibility.reviewMethod')}
              />
              <EmailField
                label="E-mailadres voor meldingen"
                autoComplete="off"
                defaultValue={a?.contactEmail ?? ''}
                {...form.field('accessibility.contactEmail')}
              />
              <TextField
                label="Telefoonnummer (niet verplicht)"
                type="tel"
                autoComplete="off"
                defaultValue={a?.contactPhone ?? ''}
                {...form.field('accessibility.contactPhone')}
              />
              <fieldset className="gw-fieldset">
                <legend>Bekende problemen en geplande oplossingen</legend>
                {problems.length === 0 ? <p>Er zijn geen bekende problemen ingevuld.</p> : null}
                {problems.map((p, index) => (
                  <div key={p.key} className="gw-card" role="group" aria-label={`Probleem ${index + 1}`}>
                    <TextAreaField
                      label={`Probleem ${index + 1}`}
                      name={`problem-${p.key}-description`}
                      rows={2}
                      defaultValue={p.description}
                    />
                    <TextAreaField
                      label={`Geplande oplossing van probleem ${index + 1}`}
                      name={`problem-${p.key}-fix`}
                      rows={2}
                      defaultValue={p.fix}
                    />
                    <button
                      type="button"
                      className="gw-button gw-button--secondary gw-button--small"
                      onClick={() => setProblems((list) => list.filter((q) => q.key !== p.key))}
                    >
                      Probleem {index + 1} weghalen
                    </button>
                  </div>
                ))}
                <button
                  type="button"
                  className="gw-button gw-button--secondary"
                  onClick={() => {
                    setProblems((list) => [...list, { key: nextKey, description: '', fix: '' }]);
                    setNextKey((k) => k + 1);
                  }}
                >
                  Probleem toevoegen
                </button>
              </fieldset>
            </fieldset>
          ) : null}
          <button type="submit" className="gw-button" disabled={form.busy}>
            Concept opslaan
          </button>
        </form>
      </section>

      {data.draft ? (
        <section aria-labelledby={`${id}-concept`}>
          <h2 id={`${id}-concept`} tabIndex={-1}>
            Concept publiceren
          </h2>
          <p>
            Versie {data.draft.version}
            {data.draft.restoredFrom ? ` (teruggezet van versie ${data.draft.restoredFrom})` : ''}, opgeslagen door{' '}
            {data.draft.authorName || 'onbekend'} op {formatDateTime(data.draft.createdAt)}. Zo ziet het concept eruit:
          </p>
          <div className="gw-md-preview" aria-label={`Voorbeeld van versie ${data.draft.version}`} role="region">
            <h3>{data.draft.title}</h3>
            <div className="gw-prose" dangerouslySetInnerHTML={{ __html: data.draft.bodyHtml }} />
          </div>
          {publishWarning ? <p>{publishWarning}</p> : null}
          <form
            className="gw-form"
            onSubmit={(e) => {
              e.preventDefault();
              void publishing.submit();
            }}
          >
            {publishing.summary}
            <button type="submit" className="gw-button" disabled={publishing.busy}>
              Versie {data.draft.version} publiceren
            </button>
          </form>
        </section>
      ) : null}

      <VersionHistory data={data} id={id} name={name} />
    </>
  );
}

function VersionHistory({ data, id, name }: { data: EditorPage; id: string; name: string }) {
  return (
    <section aria-labelledby={`${id}-versies`}>
      <h2 id={`${id}-versies`}>Versiegeschiedenis</h2>
      {data.versions.length === 0 ? (
        <p>Er zijn nog geen versies.</p>
      ) : (
        <DataTable
          caption={`Alle versies van ${name}, nieuwste eerst`}
          hideCaption
          headers={['Versie', 'Opgeslagen door', 'Opgeslagen op', 'Status', 'Actie']}
        >
          {data.versions.map((v) => (
            <tr key={v.id}>
              <th scope="row">
                {v.version}
                {v.restoredFrom ? ` (van versie ${v.restoredFrom})` : ''}
              </th>
              <td>{v.authorName || 'onbekend'}</td>
              <td>
                <time dateTime={v.createdAt}>{formatDateTime(v.createdAt)}</time>
              </td>
              <td>
                {v.publishedAt ? (
                  <>
                    Gepubliceerd op <time dateTime={v.publishedAt}>{formatDate(v.publishedAt)}</time>
                    {v.id === data.published?.id ? ' (openbaar)' : ''}
                  </>
                ) : v.id === data.draft?.id ? (
                  'Concept'
                ) : (
                  'Niet gepubliceerd'
                )}
              </td>
              <td>
                <RestoreButton version={v} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

function RestoreButton({ version }: { version: Pick<Version, 'id' | 'version'> }) {
  const showNotice = useShowNotice();
  const [restore] = useMutation(RestoreContentPageDocument, REFETCH);
  const form = useMutationForm({
    id: `terugzetten-${version.id}`,
    fields: [],
    mutate: async () => (await restore({ variables: { versionId: version.id } })).data?.restoreContentPageVersion,
    onSuccess: (payload) =>
      showNotice(
        `Versie ${version.version} staat weer klaar als concept (versie ${payload.page?.draft?.version ?? ''}). Controleer het en publiceer het.`,
      ),
  });
  return (
    <>
      {form.summary}
      <button
        type="button"
        className="gw-button gw-button--secondary gw-button--small"
        disabled={form.busy}
        onClick={() => void form.submit()}
      >
        Versie {version.version} terugzetten
      </button>
    </>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
