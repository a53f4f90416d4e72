import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { API_AUDIENCE, PAYMENTS_SCOPE } from '@anybank/contracts';
import { paymentConsentIdOf, type PaymentDetail } from './payment-authorization';

/** A payment waiting on the bank's consent screen (ADR 0023). */
export interface PendingPayment {
  uid: string;
  clientId: string;
  /** The signed-in customer. */
  accountId: string;
  consentId: string;
}

/**
 * The payment consent screen's view of the OAuth interaction this browser holds (its
 * `_interaction` cookie): which payment it is at, and how to end it. The grant an allowed payment
 * gets is made here, for that payment only: `openid`, the `payments` scope and the one
 * `authorization_details` entry naming the consent, which the code and the access token carry.
 */
export interface PaymentInteractionPort {
  pending(request: FastifyRequest, reply: FastifyReply): Promise<PendingPayment | null>;
  /** Answers the URL that resumes the authorization, which then issues the code. */
  allow(request: FastifyRequest, reply: FastifyReply, payment: PendingPayment): Promise<string>;
  /** Answers the URL that returns `access_denied` to the application. */
  deny(request: FastifyRequest, reply: FastifyReply, description: string): Promise<string>;
}

export function createPaymentInteractionPort(provider: Provider): PaymentInteractionPort {
  async function details(request: FastifyRequest, reply: FastifyReply) {
    try {
      return await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      // No cookie, an expired interaction, or one already finished: no payment here.
      return null;
    }
  }

  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    result: NonNullable<Awaited<ReturnType<Provider['interactionDetails']>>['result']>,
  ) {
    const interaction = await provider.interactionDetails(request.raw, reply.raw);
    interaction.result = result;
    await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
    return interaction.returnTo;
  }

  return {
    async pending(request, reply) {
      const interaction = await details(request, reply);
      const accountId = interaction?.session?.accountId;
      if (!interaction || interaction.prompt.name !== 'consent' || !accountId) return null;
      const raw = interaction.params.authorization_details;
      let consentId: string | null = null;
      try {
        consentId = typeof raw === 'string' ? paymentConsentIdOf(JSON.parse(raw)) : null;
      } catch {
        consentId = null;
      }
      if (!consentId) return null;
      return {
        uid: interaction.uid,
        clientId: String(interaction.params.client_id),
        accountId,
        consentId,
      };
    },

    async allow(request, reply, payment) {
      const grant = new provider.Grant({
        accountId: payment.accountId,
        clientId: payment.clientId,
      });
      grant.addOIDCScope('openid');
      grant.addResourceScope(API_AUDIENCE, PAYMENTS_SCOPE);
      const detail: PaymentDetail = { type: 'domestic_payment', consent_id: payment.consentId };
      grant.addRar(detail);
      const grantId = await grant.save();
      return finish(request, reply, { consent: { grantId } });
    },

    deny(request, reply, description) {
      return finish(request, reply, { error: 'access_denied', error_description: description });
    },
  };
}
