import { BrowserRouter } from 'react-router';
import { publicConfig } from '../lib/config';
import { routerBasename } from '../lib/public-config';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

const basename = routerBasename(publicConfig.basePath);

export function App() {
  return (
    <AppProviders>
      <BrowserRouter basename={basename}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
