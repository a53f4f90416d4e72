import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';

/** What the flow engine needs to know of the OAuth interaction a browser is in. */
export interface CurrentInteraction {
  uid: string;
  clientId: string;
  /** When the interaction ends (seconds since the epoch). */
  expiresAt: number;
  /** The authentication contexts the authorization request asked for (`acr_values`). */
  acrValues: string[];
}

/**
 * The flow engine's view of the OAuth server: which interaction this browser holds (its
 * HttpOnly `_interaction` cookie, which is what binds a flow to one browser), and how to end
 * it. The engine never touches oidc-provider directly.
 */
export interface InteractionPort {
  current(request: FastifyRequest, reply: FastifyReply): Promise<CurrentInteraction | null>;
  /** Completes the login; answers the URL that resumes the authorization. */
  finishLogin(
    request: FastifyRequest,
    reply: FastifyReply,
    login: { accountId: string; amr: string[]; acr?: string },
  ): Promise<string>;
  /** Ends the authorization with access_denied; answers the URL that returns to the client. */
  abort(request: FastifyRequest, reply: FastifyReply, description: string): Promise<string>;
}

export function createInteractionPort(provider: Provider): InteractionPort {
  return {
    async current(request, reply) {
      try {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        return {
          uid: details.uid,
          clientId: String(details.params.client_id),
          expiresAt: details.exp,
          acrValues: String(details.params.acr_values ?? '')
            .split(' ')
            .filter(Boolean),
        };
      } catch {
        // No cookie, an expired interaction, or one already finished: no interaction here.
        return null;
      }
    },
    finishLogin(request, reply, login) {
      return provider.interactionResult(
        request.raw,
        reply.raw,
        {
          login: {
            accountId: login.accountId,
            amr: login.amr,
            ...(login.acr ? { acr: login.acr } : {}),
            remember: false,
          },
        },
        { mergeWithLastSubmission: false },
      );
    },
    abort(request, reply, description) {
      return provider.interactionResult(
        request.raw,
        reply.raw,
        { error: 'access_denied', error_description: description },
        { mergeWithLastSubmission: false },
      );
    },
  };
}
