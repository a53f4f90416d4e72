import { lazy, useMemo } from 'react';
import { matchRoutes, useLocation, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { PAGE_ROUTES } from '@anybank/contracts';
import type { PageId } from '@anybank/contracts';
import { RootLayout } from './layout/RootLayout';
import { ShowingPageContext } from './layout/use-showing-page';
import { PageGuard } from './PageGuard';
import { PAGE_COMPONENTS } from './page-components';

/** An address that is no page: loaded when it is asked for, like every page but home. */
const NotFoundPage = lazy(async () => ({ default: (await import('./NotFoundPage')).NotFoundPage }));

/** Carried on each page route so the layout knows which page is showing. */
export interface PageRouteHandle {
  pageId: PageId;
}

function isPageRouteHandle(handle: unknown): handle is PageRouteHandle {
  return typeof handle === 'object' && handle !== null && 'pageId' in handle;
}

function pageRoutes(): RouteObject[] {
  return PAGE_ROUTES.flatMap((route) => {
    const Page = PAGE_COMPONENTS[route.id];
    const handle: PageRouteHandle = { pageId: route.id };
    return route.paths.map((path) => ({ path, element: <Page />, handle }));
  });
}

/** The app's one route table. */
const APP_ROUTES: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // Every page, and every unknown path, passes the page guard first.
        element: <PageGuard />,
        children: [...pageRoutes(), { path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
];

/**
 * The routes, rendered declaratively (`<BrowserRouter>` + `useRoutes`): the app uses no
 * loader, action or fetcher, and the data router's machinery would add ~16 KB gzip to the
 * JavaScript of the first page. The page that is showing (the matched route's handle) goes to
 * the layout through `ShowingPageContext`, which `useMatches` gave before (data routers only).
 */
export function AppRoutes() {
  const location = useLocation();
  const showingPageId = useMemo(() => {
    const handle = matchRoutes(APP_ROUTES, location)?.findLast((match) =>
      isPageRouteHandle(match.route.handle),
    )?.route.handle;
    return isPageRouteHandle(handle) ? handle.pageId : null;
  }, [location]);
  const element = useRoutes(APP_ROUTES);
  return <ShowingPageContext value={showingPageId}>{element}</ShowingPageContext>;
}
