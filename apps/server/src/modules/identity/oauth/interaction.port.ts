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

/** An authorization waiting for the signed-in customer's consent (issue 12 §4). */
export interface PendingConsent {
  uid: string;
  clientId: string;
  /** The signed-in user the application asks about. */
  accountId: string;
  /** The scopes the application asked for, as it sent them. */
  requestedScopes: string[];
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
  /** The consent prompt this browser's interaction is at, or null (none, or another prompt). */
  pendingConsent(request: FastifyRequest, reply: FastifyReply): Promise<PendingConsent | null>;
  /**
   * Completes the consent prompt; answers the URL that resumes the authorization, where the
   * server's `loadExistingGrant` builds the grant from the consent just recorded.
   */
  finishConsent(request: FastifyRequest, reply: FastifyReply): Promise<string>;
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
type InteractionResult = NonNullable<Interaction['result']>;

export function createInteractionPort(provider: Provider): InteractionPort {
  // The interaction a request found, to finish it without a second read: what the provider's
  // interactionResult does, after looking it up again from the same cookie.
  const foundBy = new WeakMap<object, Interaction>();

  async function interactionOf(request: FastifyRequest, reply: FastifyReply) {
    const found = foundBy.get(request.raw);
    if (found) return found;
    const interaction = await provider.interactionDetails(request.raw, reply.raw);
    foundBy.set(request.raw, interaction);
    return interaction;
  }

  async function finish(request: FastifyRequest, reply: FastifyReply, result: InteractionResult) {
    const interaction = await interactionOf(request, reply);
    interaction.result = result;
    await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
    return interaction.returnTo;
  }

  return {
    async current(request, reply) {
      try {
        const details = await interactionOf(request, reply);
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
      return finish(request, reply, {
        login: {
          accountId: login.accountId,
          amr: login.amr,
          ...(login.acr ? { acr: login.acr } : {}),
          remember: false,
        },
      });
    },
    abort(request, reply, description) {
      return finish(request, reply, { error: 'access_denied', error_description: description });
    },
    async pendingConsent(request, reply) {
      let details: Interaction;
      try {
        details = await interactionOf(request, reply);
      } catch {
        return null;
      }
      const accountId = details.session?.accountId;
      if (details.prompt.name !== 'consent' || !accountId) return null;
      return {
        uid: details.uid,
        clientId: String(details.params.client_id),
        accountId,
        requestedScopes: String(details.params.scope ?? '')
          .split(' ')
          .filter(Boolean),
      };
    },
    finishConsent(request, reply) {
      return finish(request, reply, { consent: {} });
    },
  };
}
