import { RouterProvider } from 'react-router';
import { publicConfig } from '../lib/config';
import { routerBasename } from '../lib/public-config';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

const router = createAppRouter(routerBasename(publicConfig.basePath));

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
