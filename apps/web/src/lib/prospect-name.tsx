import { createContext, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';

interface ProspectNameState {
  /** The sales-demo prospect's name as typed in the navbar; empty when none. */
  prospectName: string;
  setProspectName(name: string): void;
}

const ProspectNameContext = createContext<ProspectNameState | null>(null);

export function ProspectNameProvider({ children }: { children: ReactNode }) {
  const [prospectName, setProspectName] = useState('');
  const state = useMemo(() => ({ prospectName, setProspectName }), [prospectName]);
  return <ProspectNameContext value={state}>{children}</ProspectNameContext>;
}

export function useProspectName(): ProspectNameState {
  const state = useContext(ProspectNameContext);
  if (!state) throw new Error('useProspectName needs a ProspectNameProvider above it');
  return state;
}
