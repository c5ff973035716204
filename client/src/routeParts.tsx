import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { ScreenErrorBoundary } from './components/layout/RouteErrorBoundary';
import type { RouteHandle } from './components/layout/routeHandle';
import NotFoundScreen from './routes/NotFoundScreen';

/* The building blocks of the route table (router.tsx, the public site; areaRoutes.tsx, the other areas). */

export type ScreenModule = { default: ComponentType };
export type Loader = () => Promise<ScreenModule>;

/** A lazily loaded screen: its module's default export becomes the route component. */
export function lazyScreen(load: Loader) {
  return async () => ({ Component: (await load()).default });
}

/**
 * A lazily loaded layout: only the public layout is in the entry chunk; the account, provider, admin and bare
 * (staff log-in, operator console) layouts load with their area, so a public page fetches none of their code. The
 * router loads a matched layout and its screen in parallel.
 */
export function lazyLayout(load: () => Promise<ComponentType>) {
  return async () => ({ Component: await load() });
}

/** A leaf route; `path` undefined means the index of its parent. */
export function screen(path: string | undefined, load: Loader, handle?: RouteHandle): RouteObject {
  return path === undefined
    ? { index: true, lazy: lazyScreen(load), handle }
    : { path, lazy: lazyScreen(load), handle };
}

/** A URL level with its own crumb/permission and the screens beneath it. */
export function section(path: string, handle: RouteHandle | undefined, children: RouteObject[]): RouteObject {
  return { path, handle, children };
}

/** Errors inside a layout render inside that layout (header and navigation stay usable). */
export function withinLayout(children: RouteObject[]): RouteObject[] {
  return [{ ErrorBoundary: ScreenErrorBoundary, children }];
}

export const notFound: RouteObject = { path: '*', Component: NotFoundScreen };

export function redirectIndex(to: string): RouteObject {
  return { index: true, element: <Navigate replace to={to} /> };
}
