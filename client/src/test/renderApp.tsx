import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Observable } from 'rxjs';
import { createCache } from '../graphql/client';
import type { Permission, ViewerKind } from '../graphql/generated/graphql';
import { discoverAreas, routes } from '../router';

export interface TestViewer {
  kind: ViewerKind;
  permissions?: Permission[];
  displayName?: string | null;
  roleName?: string | null;
  /** A resident's own municipality (the public header and footer name only that one); none by default. */
  municipalityIds?: string[];
}

type Responder = (variables: Record<string, unknown>) => Record<string, unknown>;

export function viewerData(viewer: TestViewer) {
  return {
    viewer: {
      __typename: 'ViewerInfo',
      kind: viewer.kind,
      displayName: viewer.displayName ?? null,
      email: null,
      roleName: viewer.roleName ?? null,
      permissions: viewer.permissions ?? [],
      provider: null,
    },
  };
}

/**
 * Renders the real route table in a memory router with an Apollo client whose link answers
 * by operation name (Viewer, PublicSite and PendingTerms have defaults).
 */
export function renderApp(url: string, viewer: TestViewer, responders: Record<string, Responder> = {}) {
  const operations: { name: string; variables: Record<string, unknown> }[] = [];
  const answer: Record<string, Responder> = {
    Viewer: () => viewerData(viewer),
    PublicSite: () => ({
      links: [],
      publicSettings: {
        platformName: 'Gemeentewinkel',
        primaryColor: null,
        logoUrl: null,
        logoWidth: null,
        logoHeight: null,
        municipalities: [],
      },
    }),
    UploadLimit: () => ({ publicSettings: { uploadMaxMegabytes: 5 } }),
    // The provider area asks for new terms first (ProviderTermsGate): none, unless a test says otherwise.
    PendingTerms: () => ({ pendingTerms: [] }),
    // No maintenance and no statistics tool (instellingen/onderhoudsmodus, /analytics), unless a test says otherwise.
    MaintenanceStatus: () => ({ maintenanceStatus: { active: false, message: '', startsAt: null, endsAt: null } }),
    PublicAnalytics: () => ({ publicAnalytics: { enabled: false, tool: null, scriptUrl: null, siteId: null } }),
    // The admin layout's operator banner: no operator acting, unless a test says otherwise.
    // The same viewer as the Viewer query (a test's own Viewer responder may change it, e.g. after logging in): the
    // answer is cached on the one ViewerInfo, so another kind here would log the test's viewer out again.
    OperatorActBanner: (variables) => {
      const current = (responders.Viewer ?? (() => viewerData(viewer)))(variables) as { viewer: { kind: string } };
      return { viewer: { __typename: 'ViewerInfo', kind: current.viewer.kind, operatorAct: null } };
    },
    ...responders,
  };
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const name = operation.operationName ?? '';
        operations.push({ name, variables: operation.variables });
        const responder = answer[name];
        if (!responder) {
          observer.error(new Error(`Geen testantwoord voor ${name}`));
          return;
        }
        const data = responder(operation.variables);
        // The public shell's query also asks who is looking (a resident's own municipality): the test's viewer,
        // unless the test's own answer says otherwise.
        if (name === 'PublicSite' && !('viewer' in data)) {
          const current = (responders.Viewer ?? (() => viewerData(viewer)))(operation.variables) as {
            viewer: { kind: string };
          };
          data.viewer = {
            __typename: 'ViewerInfo',
            kind: current.viewer.kind,
            municipalities: (viewer.municipalityIds ?? []).map((id) => ({ __typename: 'Municipality', id })),
          };
        }
        observer.next({ data });
        observer.complete();
      }),
  );
  const client = new ApolloClient({ link, cache: createCache() });
  const router = createMemoryRouter(routes, { initialEntries: [url], patchRoutesOnNavigation: discoverAreas() });
  const utils = render(
    <ApolloProvider client={client}>
      <RouterProvider router={router} useTransitions={false} />
    </ApolloProvider>,
  );
  return { ...utils, router, client, operations };
}
