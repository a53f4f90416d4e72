import { interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import { IDENTITY_VERIFIED_ACR } from '@anybank/contracts';
import type { Database } from '../../../db/database';
import { findUserById } from '../../directory';
import { userTypeOfClient } from './oauth.clients';

/** Whether the authorization request asks for a verified identity (`acr_values`). */
export function asksForVerifiedIdentity(acrValues: unknown): boolean {
  return typeof acrValues === 'string' && acrValues.split(' ').includes(IDENTITY_VERIFIED_ACR);
}

/**
 * oidc-provider's interaction policy, with two more reasons to show the login. The request asks
 * for a verified identity (the credit-card application, ADR 0015) and the signed-in user's
 * identity is not verified: without it a single sign-on session would skip the flow, and with
 * it the verification step. Or a partner portal asks while the session is someone of another
 * user type (a customer who just paid a shop by bank presses Advisor Login): the login shows,
 * so the partner signs in, instead of the session's user being refused at the portal.
 * Without a session the login shows anyway (`no_session`).
 */
export function loginPolicy(db: Database) {
  const policy = interactionPolicy.base();
  policy.get('login')?.checks.add(
    new interactionPolicy.Check(
      'identity_verification_required',
      'the request needs a verified identity, and the signed-in user has not verified theirs',
      async (ctx: KoaContextWithOIDC) => {
        const accountId = ctx.oidc.session?.accountId;
        if (!accountId || !asksForVerifiedIdentity(ctx.oidc.params?.acr_values)) {
          return interactionPolicy.Check.NO_NEED_TO_PROMPT;
        }
        const user = await findUserById(db, accountId);
        return user?.identityVerified
          ? interactionPolicy.Check.NO_NEED_TO_PROMPT
          : interactionPolicy.Check.REQUEST_PROMPT;
      },
    ),
  );
  policy.get('login')?.checks.add(
    new interactionPolicy.Check(
      'portal_user_type_required',
      'the portal signs in users of another type than the signed-in user',
      async (ctx: KoaContextWithOIDC) => {
        const accountId = ctx.oidc.session?.accountId;
        const portalType = userTypeOfClient(String(ctx.oidc.client?.clientId ?? ''));
        if (!accountId || !portalType) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
        const user = await findUserById(db, accountId);
        return user?.userType === portalType
          ? interactionPolicy.Check.NO_NEED_TO_PROMPT
          : interactionPolicy.Check.REQUEST_PROMPT;
      },
    ),
  );
  return policy;
}
