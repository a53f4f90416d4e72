import type { ModuleContext } from '../../module-context';
import type { AuthGuards, SessionsService } from '../identity';
import { registerAdvisorSearchRoutes } from './advisor-search.routes';
import { createAdvisorSearchService } from './advisor-search.service';
import { registerContactUndoRoutes } from './contact-undo.routes';
import { createContactUndoService } from './contact-undo.service';
import { registerDirectoryEntryRoutes } from './directory-entry.routes';
import { createDirectoryEntryService } from './directory-entry.service';
import { registerDirectoryRoutes } from './directory.routes';
import { registerScimRoutes } from './scim.routes';
import { createScimService, type CommunicationConsentReader } from './scim.service';

/**
 * The directory module's part of the server: the customer's own directory data, the previous
 * address's "This wasn't me" link, the entry API, SCIM and the advisor's client search.
 */
export function registerDirectory(
  ctx: ModuleContext,
  deps: {
    auth: AuthGuards;
    sessions: SessionsService;
    /** SCIM's marketing lookup shows the channels each customer's consent opts into. */
    communicationConsents: CommunicationConsentReader;
  },
): void {
  const { config, db, clock, siteUrl } = ctx;
  const { auth } = deps;
  const undo = createContactUndoService({ db, sessions: deps.sessions, clock });
  const entries = createDirectoryEntryService({ db, productId: config.productId });
  const scim = createScimService({
    db,
    siteUrl,
    communicationConsents: deps.communicationConsents,
  });
  const advisorSearch = createAdvisorSearchService({ db });
  ctx.routes((api) => {
    registerDirectoryRoutes(api, { db, auth });
    // The previous address's "This wasn't me" link undoes a contact change.
    registerContactUndoRoutes(api, { config, undo });
    registerDirectoryEntryRoutes(api, { auth, entries });
    registerScimRoutes(api, { auth, scim });
    registerAdvisorSearchRoutes(api, { auth, advisorSearch });
  });
}
