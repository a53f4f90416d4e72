import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { withOidcModelRead, type StoredOidcModel } from './oidc.adapter';

/** What the flow engine needs to know of the OAuth interaction a browser is in. */
export interface CurrentInteraction {
  uid: string;
  clientId: string;
  /** When the interaction ends (seconds since the epoch). */
  expiresAt: number;
  /** The authentication contexts the authorization request asked for (`acr_values`). */
  acrValues: string[];
}

/** An authorization waiting for the signed-in customer's consent. */
export interface PendingConsent {
  uid: string;
  clientId: string;
  /** The signed-in user the application asks about. */
  accountId: string;
  /** The scopes the application asked for, as it sent them. */
  requestedScopes: string[];
}

declare const interactionBrand: unique symbol;

/**
 * A request's OAuth interaction, as the flow's use cases carry it: opaque to them (they never
 * see Fastify nor oidc-provider); only this port opens it. Made by the route
 * (`interactionHandle`).
 */
export interface InteractionHandle {
  readonly [interactionBrand]: true;
}

interface OpenHandle {
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The handle of this request's interaction (its HttpOnly `_interaction` cookie). */
export function interactionHandle(request: FastifyRequest, reply: FastifyReply): InteractionHandle {
  return { request, reply } satisfies OpenHandle as unknown as InteractionHandle;
}

const opened = (handle: InteractionHandle) => handle as unknown as OpenHandle;

/**
 * The flow engine's view of the OAuth server: which interaction this browser holds (its
 * HttpOnly `_interaction` cookie, which is what binds a flow to one browser), and how to end
 * it. The engine never touches oidc-provider directly.
 */
export interface InteractionPort {
  /**
   * `read`: the interaction of this id as the caller just read it from the database with its
   * own row (or null: none is live), so that it is not read again when the cookie names it.
   */
  current(
    handle: InteractionHandle,
    read?: { id: string; row: StoredOidcModel | null },
  ): Promise<CurrentInteraction | null>;
  /** Completes the login; answers the URL that resumes the authorization. */
  finishLogin(
    handle: InteractionHandle,
    login: { accountId: string; amr: string[]; acr?: string },
  ): Promise<string>;
  /** Ends the authorization with access_denied; answers the URL that returns to the client. */
  abort(handle: InteractionHandle, description: string): Promise<string>;
  /** The consent prompt this browser's interaction is at, or null (none, or another prompt). */
  pendingConsent(handle: InteractionHandle): Promise<PendingConsent | null>;
  /**
   * Completes the consent prompt; answers the URL that resumes the authorization, where the
   * server's `loadExistingGrant` builds the grant from the consent just recorded.
   */
  finishConsent(handle: InteractionHandle): Promise<string>;
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
type InteractionResult = NonNullable<Interaction['result']>;

export function createInteractionPort(provider: Provider): InteractionPort {
  // The interaction a request found, to finish it without a second read: what the provider's
  // interactionResult does, after looking it up again from the same cookie.
  const foundBy = new WeakMap<object, Interaction>();

  async function interactionOf(handle: InteractionHandle) {
    const { request, reply } = opened(handle);
    const found = foundBy.get(request.raw);
    if (found) return found;
    const interaction = await provider.interactionDetails(request.raw, reply.raw);
    foundBy.set(request.raw, interaction);
    return interaction;
  }

  async function finish(handle: InteractionHandle, result: InteractionResult) {
    const interaction = await interactionOf(handle);
    interaction.result = result;
    await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
    return interaction.returnTo;
  }

  return {
    async current(handle, read) {
      try {
        const details = await (read
          ? withOidcModelRead({ model: 'Interaction', ...read }, () => interactionOf(handle))
          : interactionOf(handle));
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
    finishLogin(handle, login) {
      return finish(handle, {
        login: {
          accountId: login.accountId,
          amr: login.amr,
          ...(login.acr ? { acr: login.acr } : {}),
          remember: false,
        },
      });
    },
    abort(handle, description) {
      return finish(handle, { error: 'access_denied', error_description: description });
    },
    async pendingConsent(handle) {
      let details: Interaction;
      try {
        details = await interactionOf(handle);
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
    finishConsent(handle) {
      return finish(handle, { consent: {} });
    },
  };
}
