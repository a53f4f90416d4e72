import type { ReactNode } from 'react';
import { ProspectNameProvider } from '../lib/prospect-name';

/** App-wide state that lives above the router. */
export function AppProviders({ children }: { children: ReactNode }) {
  return <ProspectNameProvider>{children}</ProspectNameProvider>;
}
