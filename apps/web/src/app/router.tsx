import { createBrowserRouter, Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { PAGE_ROUTES } from '@anybank/contracts';
import type { PageId } from '@anybank/contracts';
import { RootLayout } from './layout/RootLayout';
import { PageGuard } from './PageGuard';
import { PAGE_COMPONENTS } from './page-components';

/** Carried on each page route so the layout knows which page is showing. */
export interface PageRouteHandle {
  pageId: PageId;
}

function pageRoutes(): RouteObject[] {
  return PAGE_ROUTES.flatMap((route) => {
    const Page = PAGE_COMPONENTS[route.id];
    const handle: PageRouteHandle = { pageId: route.id };
    return route.paths.map((path) => ({ path, element: <Page />, handle }));
  });
}

export function createAppRouter(basename: string | undefined) {
  return createBrowserRouter(
    [
      {
        element: <RootLayout />,
        children: [
          {
            // Every page, and every unknown path, passes the page guard first.
            element: <PageGuard />,
            children: [...pageRoutes(), { path: '*', element: <Navigate to="/" replace /> }],
          },
        ],
      },
    ],
    { basename },
  );
}
