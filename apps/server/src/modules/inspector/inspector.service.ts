import { randomBytes } from 'node:crypto';
import type { InspectorEntry } from '@anybank/contracts';
import type { Database } from '../../db/database';
import { lastPanelEvents, panelEventsAfter } from '../audit';
import { entryOf, inspectorIdOf } from './inspector.rules';

/** At most this many entries per read: a panel catches up over a few reads. */
const PAGE_SIZE = 50;
/** What a panel replays when it opens: its browser's last journeys, in this many entries. */
export const REPLAYED_ENTRIES = 200;

export interface InspectorService {
  /** A new panel: its cookie token (the browser keeps it HttpOnly). */
  open(): string;
  /** The panel's entries after the one it last had, oldest first. */
  entriesAfter(inspectorId: string, afterId: number): Promise<InspectorEntry[]>;
  /** The panel's last REPLAYED_ENTRIES entries, oldest first: what it shows on opening. */
  lastEntries(inspectorId: string): Promise<InspectorEntry[]>;
}

export function createInspectorService(deps: { db: Database }): InspectorService {
  return {
    open() {
      const token = randomBytes(32).toString('base64url');
      // The rules accept only what they would hash: a token this service made is one.
      if (!inspectorIdOf(token)) throw new Error('a new panel token has the wrong shape');
      return token;
    },
    async entriesAfter(inspectorId, afterId) {
      return (await panelEventsAfter(deps.db, inspectorId, afterId, PAGE_SIZE)).map(entryOf);
    },
    async lastEntries(inspectorId) {
      return (await lastPanelEvents(deps.db, inspectorId, REPLAYED_ENTRIES)).map(entryOf);
    },
  };
}
