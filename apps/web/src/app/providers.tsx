import type { ReactNode } from 'react';
import { ProspectNameProvider } from '../lib/prospect-name';
import { BrandProvider } from './BrandProvider';

/** App-wide state that lives above the router. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <BrandProvider>
      <ProspectNameProvider>{children}</ProspectNameProvider>
    </BrandProvider>
  );
}
