import { useId, useMemo, useState } from 'react';
import type { ApiDocumentationQuery } from '@/graphql/generated/graphql';
import { useClientConfig } from '@/lib/clientConfig';
import { urls } from '@/lib/urls';
import { AUDIENCE_LABELS, filterOperations, type KindFilter, type PermissionSet } from './apiDocumentation';
import { DataTable } from '@/components/ui/DataTable';
import { countOf } from '@/lib/plural';

type Docs = ApiDocumentationQuery['apiDocumentation'];
type Operation = Docs['operations'][number];

interface ApiDocumentationViewProps {
  docs: Docs;
  /** The sets of permissions the filter "Alleen wat deze rechten mogen" can use; the first is chosen at first. */
  permissionSets: readonly PermissionSet[];
}

const KIND_LABELS: Record<KindFilter, string> = { ALL: 'Alle', QUERY: 'Queries', MUTATION: 'Mutaties' };

/** The documentation itself: search and filters, the operations (queries, then mutations), downloads and the changelog. */
export function ApiDocumentationView({ docs, permissionSets }: ApiDocumentationViewProps) {
  const config = useClientConfig();
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<KindFilter>('ALL');
  const [onlyAllowed, setOnlyAllowed] = useState(false);
  const [setId, setSetId] = useState(permissionSets[0]?.id ?? '');
  const chosenSet = permissionSets.find((s) => s.id === setId) ?? permissionSets[0];
  const permissionDescriptions = useMemo(
    () => new Map(docs.permissions.map((p) => [p.permission as string, p.description])),
    [docs.permissions],
  );
  const shown = useMemo(
    () =>
      filterOperations(docs.operations, {
        search,
        kind,
        permissions: onlyAllowed && chosenSet ? chosenSet.permissions : null,
      }),
    [docs.operations, search, kind, onlyAllowed, chosenSet],
  );
  const sdlHref = useMemo(() => `data:text/plain;charset=utf-8,${encodeURIComponent(docs.sdl)}`, [docs.sdl]);
  const ids = useId();
  const queries = shown.filter((o) => o.kind === 'QUERY');
  const mutations = shown.filter((o) => o.kind === 'MUTATION');

  return (
    <>
      <section aria-labelledby={`${ids}-start`}>
        <h2 id={`${ids}-start`}>Aan de slag</h2>
        <p>
          De API is één GraphQL-endpoint: <code>POST /graphql</code>. Een koppeling stuurt haar sleutel mee als{' '}
          <code>Authorization: Bearer &lt;sleutel&gt;</code>. Bedragen zijn altijd in centen.
        </p>
        <ul>
          <li>
            <a href={sdlHref} download="gemeentewinkel-schema.graphql">
              Download SDL
            </a>{' '}
            (het volledige schema, met de <code>@requires</code>- en <code>@personalData</code>-markeringen)
          </li>
          <li>
            {config?.sandboxEnabled ? (
              // The sandbox is a separate page served by the server: a full page load.
              <a href={urls.server.sandbox()}>Open de GraphQL-sandbox</a>
            ) : (
              <>De GraphQL-sandbox (/sandbox) staat in deze omgeving uit.</>
            )}
          </li>
          <li>
            <a href={`#${ids}-changelog`}>Wijzigingen in de API</a>
          </li>
        </ul>
      </section>

      <section aria-labelledby={`${ids}-search`}>
        <h2 id={`${ids}-search`}>Zoeken</h2>
        <form className="gw-search" role="search" onSubmit={(e) => e.preventDefault()}>
          <div className="gw-field">
            <label className="gw-field__label" htmlFor={`${ids}-q`}>
              Zoek op naam, beschrijving of type
            </label>
            <input
              id={`${ids}-q`}
              className="gw-input"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <div className="gw-field">
            <label className="gw-field__label" htmlFor={`${ids}-kind`}>
              Soort
            </label>
            <select
              id={`${ids}-kind`}
              className="gw-select"
              value={kind}
              onChange={(e) => setKind(e.target.value as KindFilter)}
            >
              {(Object.keys(KIND_LABELS) as KindFilter[]).map((k) => (
                <option key={k} value={k}>
                  {KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </div>
          {permissionSets.length > 1 ? (
            <div className="gw-field">
              <label className="gw-field__label" htmlFor={`${ids}-set`}>
                Rechten van
              </label>
              <select
                id={`${ids}-set`}
                className="gw-select"
                value={chosenSet?.id}
                onChange={(e) => setSetId(e.target.value)}
              >
                {permissionSets.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="gw-field">
            <div className="gw-checkbox">
              <input
                id={`${ids}-only`}
                type="checkbox"
                checked={onlyAllowed}
                onChange={(e) => setOnlyAllowed(e.target.checked)}
                aria-describedby={chosenSet ? `${ids}-only-hint` : undefined}
              />
              <label htmlFor={`${ids}-only`}>Alleen wat deze rechten mogen</label>
            </div>
            {chosenSet ? (
              <span className="gw-field__hint" id={`${ids}-only-hint`}>
                {chosenSet.label}
              </span>
            ) : null}
          </div>
        </form>
        <p role="status">
          {countOf(shown.length, 'operatie', 'operaties')} ({countOf(queries.length, 'query', 'queries')},{' '}
          {countOf(mutations.length, 'mutatie', 'mutaties')})
        </p>
      </section>

      <RestRoutes
        routes={docs.restRoutes}
        permissions={onlyAllowed && chosenSet ? chosenSet.permissions : null}
        permissionDescriptions={permissionDescriptions}
      />

      <OperationList
        title="Queries"
        operations={queries}
        permissionDescriptions={permissionDescriptions}
        hidden={kind === 'MUTATION'}
      />
      <OperationList
        title="Mutaties"
        operations={mutations}
        permissionDescriptions={permissionDescriptions}
        hidden={kind === 'QUERY'}
      />

      <section aria-labelledby={`${ids}-changelog`}>
        <h2 id={`${ids}-changelog`} tabIndex={-1}>
          Wijzigingen in de API
        </h2>
        <p>Wijzigingen die bestaande koppelingen kunnen breken, met de reden. Toevoegingen staan hier niet.</p>
        {docs.changelog.length ? (
          <dl className="gw-definition-list">
            {docs.changelog.map((entry, i) => (
              <div key={i} style={{ display: 'contents' }}>
                <dt>
                  <time dateTime={entry.date}>{entry.date}</time>
                </dt>
                <dd>
                  <p lang="en">
                    {entry.path ? (
                      <>
                        <code>{entry.path}</code>:{' '}
                      </>
                    ) : null}
                    {entry.change}
                  </p>
                  <p lang="en">{entry.reason}</p>
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <p>Nog geen wijzigingen.</p>
        )}
      </section>
    </>
  );
}

function OperationList({
  title,
  operations,
  permissionDescriptions,
  hidden,
}: {
  title: string;
  operations: Operation[];
  permissionDescriptions: Map<string, string>;
  hidden: boolean;
}) {
  const id = useId();
  if (hidden) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>
        {title} ({operations.length})
      </h2>
      {operations.length ? (
        operations.map((operation) => (
          <OperationDetails
            key={`${operation.kind}-${operation.name}`}
            operation={operation}
            permissionDescriptions={permissionDescriptions}
          />
        ))
      ) : (
        <p>Geen {title.toLowerCase()} gevonden met deze filters.</p>
      )}
    </section>
  );
}

/** One operation, folded: its name and first sentence; opened, the details (rendered only when open). */
function OperationDetails({
  operation,
  permissionDescriptions,
}: {
  operation: Operation;
  permissionDescriptions: Map<string, string>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)} className="gw-api-operation">
      <summary>
        <h3 style={{ display: 'inline', fontSize: '1.125rem' }}>
          <code>{operation.name}</code>
        </h3>
        {operation.description ? <span lang="en"> — {firstSentence(operation.description)}</span> : null}
        {operation.deprecationReason ? <span className="gw-tag"> Verouderd</span> : null}
      </summary>
      {open ? (
        <div>
          {operation.description && operation.description !== firstSentence(operation.description) ? (
            <p lang="en">{operation.description}</p>
          ) : null}
          {operation.deprecationReason ? (
            <p>
              <strong>Verouderd:</strong> <span lang="en">{operation.deprecationReason}</span>
            </p>
          ) : null}

          <h4>Wie mag dit</h4>
          <WhoMay operation={operation} permissionDescriptions={permissionDescriptions} />

          <h4>Argumenten</h4>
          {operation.arguments.length ? (
            <DataTable
              caption={`Argumenten van ${operation.name}`}
              hideCaption
              headers={['Naam', 'Type', 'Standaard', 'Beschrijving']}
            >
              {operation.arguments.map((arg) => (
                <tr key={arg.name}>
                  <th scope="row">
                    <code>{arg.name}</code>
                  </th>
                  <td>
                    <code>{arg.type}</code>
                  </td>
                  <td>{arg.defaultValue ? <code>{arg.defaultValue}</code> : '—'}</td>
                  <td lang="en">{arg.description ?? '—'}</td>
                </tr>
              ))}
            </DataTable>
          ) : (
            <p>Geen argumenten.</p>
          )}

          <h4>
            Resultaat: <code>{operation.returnType}</code>
          </h4>
          {operation.returnTypeDescription ? <p lang="en">{operation.returnTypeDescription}</p> : null}
          {operation.returnFields.length ? (
            <DataTable
              caption={`Velden van ${operation.returnType}`}
              hideCaption
              headers={['Veld', 'Type', 'Beschrijving']}
            >
              {operation.returnFields.map((field) => (
                <tr key={field.name}>
                  <th scope="row">
                    <code>{field.name}</code>
                  </th>
                  <td>
                    <code>{field.type}</code>
                  </td>
                  <td>
                    <span lang="en">{field.description ?? '—'}</span>
                    {field.personalData ? (
                      <span className="gw-field__hint">
                        Persoonsgegeven ({field.personalData}): elke inzage wordt gelogd.
                      </span>
                    ) : null}
                    {field.deprecationReason ? (
                      <span className="gw-field__hint">
                        Verouderd: <span lang="en">{field.deprecationReason}</span>
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </DataTable>
          ) : null}

          <h4>Voorbeeld</h4>
          <p>Verzoek:</p>
          <pre>
            <code>{operation.exampleQuery}</code>
          </pre>
          <p>Variabelen (JSON):</p>
          <pre>
            <code>{operation.exampleVariables}</code>
          </pre>
        </div>
      ) : null}
    </details>
  );
}

/**
 * The HTTP routes outside GraphQL a partner's key may call (CSV exports and the like), from the same declarations the
 * server mounts; with "Alleen wat deze rechten mogen", only those the chosen permissions allow.
 */
function RestRoutes({
  routes,
  permissions,
  permissionDescriptions,
}: {
  routes: Docs['restRoutes'];
  permissions: readonly string[] | null;
  permissionDescriptions: Map<string, string>;
}) {
  const id = useId();
  const shown = permissions ? routes.filter((r) => r.permissions.some((p) => permissions.includes(p))) : routes;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>HTTP-routes voor koppelingen ({shown.length})</h2>
      <p>
        Naast de GraphQL-API mag een koppeling deze routes aanroepen, met dezelfde sleutel in de{' '}
        <code>Authorization</code>-header. Ze hebben dezelfde bewaking als de API: het recht, de gemeente van de
        koppeling, de limiet per minuut en een regel in de auditlog per aanroep. Andere routes van het platform zijn
        niet voor koppelingen.
      </p>
      {shown.length ? (
        <DataTable
          caption="HTTP-routes die koppelingen mogen aanroepen"
          hideCaption
          headers={['Route', 'Wat', 'Rechten', 'Verzoek']}
        >
          {shown.map((route) => (
            <tr key={`${route.method} ${route.path}`}>
              <th scope="row">
                <code>
                  {route.method} {route.path}
                </code>
              </th>
              <td>
                <span lang="en">{withCode(route.description)}</span>
                <span className="gw-field__hint" lang="en">
                  {withCode(route.scope)}
                </span>
              </td>
              <td>
                <ul className="gw-plain-list">
                  {route.permissions.map((p) => (
                    <li key={p}>
                      <code>{p}</code>
                      {permissionDescriptions.has(p) ? <>: {permissionDescriptions.get(p)}</> : null}
                    </li>
                  ))}
                </ul>
              </td>
              <td>
                {route.requestBody ? (
                  <>
                    Inhoud: <code>{route.requestBody}</code>
                    <br />
                  </>
                ) : null}
                {route.requiredHeader ? (
                  <>
                    Header: <code>{route.requiredHeader}: 1</code>
                  </>
                ) : null}
                {!route.requestBody && !route.requiredHeader ? '—' : null}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : (
        <p>Geen routes voor deze rechten.</p>
      )}
    </section>
  );
}

function WhoMay({
  operation,
  permissionDescriptions,
}: {
  operation: Operation;
  permissionDescriptions: Map<string, string>;
}) {
  if (operation.public) return <p>Iedereen, ook zonder inloggen.</p>;
  return (
    <ul>
      {operation.permissions.map((p) => (
        <li key={p}>
          Medewerkers en API-koppelingen met het recht <code>{p}</code>
          {permissionDescriptions.has(p) ? <>: {permissionDescriptions.get(p)}</> : null}
        </li>
      ))}
      {operation.audiences.map((a) => (
        <li key={a}>{AUDIENCE_LABELS[a] ?? a}</li>
      ))}
    </ul>
  );
}

/** Text with `code` between backticks (as the server's descriptions write it), the code parts as <code>. */
function withCode(text: string) {
  return text.split(/`([^`]+)`/).map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part));
}

function firstSentence(text: string): string {
  const match = /^(.+?[.!?])(\s|$)/.exec(text);
  return match ? match[1]! : text;
}
