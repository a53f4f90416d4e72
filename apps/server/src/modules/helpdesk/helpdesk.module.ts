import type { ModuleContext } from '../../module-context';
import type { ChallengeService } from '../identity';
import type { SecurityNotices } from '../messaging';
import type { CredentialStatusService } from '../verifiable-credentials';
import { createHelpDeskService } from './helpdesk.service';

/**
 * The help desk's part of the server (ADR 0014): its service, which the orchestration's
 * help-desk policy adapts; it has no routes of its own.
 */
export function registerHelpDesk(
  ctx: ModuleContext,
  deps: {
    /** The caller proves it is them through the challenge engine (ADR 0026). */
    challenges: ChallengeService;
    notices: SecurityNotices;
    /** A lost phone's wallet credentials are revoked with it (ADR 0027). */
    credentials: Pick<CredentialStatusService, 'revokeEvery'>;
  },
) {
  return createHelpDeskService({
    db: ctx.db,
    challenges: deps.challenges,
    notices: deps.notices,
    credentials: deps.credentials,
  });
}
