import { randomUUID } from 'node:crypto';
import {
  PAYMENT_CURRENCY,
  payByBankMessages,
  type RetailCheckout,
  type RetailOrder,
} from '@anybank/contracts';
import { DomainError } from '../../domain-error';
import { AuthorizationAnswerError, BankRefusal, type BankPort } from './bank.port';
import type { OrderSeal, ShopOrder } from './order-cookie';
import { cartTotalCents, orderReference, problemOfAuthorizationError } from './retail-shop.rules';

export interface RetailShopService {
  /** Registers the payment at the bank and answers where the shopper goes, and the order. */
  checkout(input: RetailCheckout): Promise<{ redirectTo: string; sealed: string }>;
  /** The bank's answer at the callback: pays once; answers the order (null: none in this browser). */
  callback(
    sealed: string | undefined,
    callbackUrl: URL,
  ): Promise<{ order: ShopOrder; sealed: string } | null>;
  order(sealed: string | undefined, orderId: string): RetailOrder;
}

/**
 * Issue 16 §2: the retail shop's server side, another company's. It holds no tables and calls
 * no service of the bank: everything goes through its BankPort (the bank's public HTTP API),
 * and its orders live in its own sealed cookie. It never holds a database transaction.
 */
export function createRetailShopService(deps: {
  bank: BankPort;
  seal: OrderSeal;
  /** Its account at AnyBank, as the bank told it when it became a merchant. */
  payeeAccountId: () => Promise<string>;
}): RetailShopService {
  const { bank, seal } = deps;

  async function settle(order: ShopOrder, callbackUrl: URL): Promise<ShopOrder> {
    try {
      const payment = await bank.pay(
        callbackUrl,
        { state: order.state, codeVerifier: order.codeVerifier },
        {
          consentId: order.consentId,
          amountCents: order.amountCents,
          currency: PAYMENT_CURRENCY,
          payeeAccountId: order.payeeAccountId,
        },
      );
      return { ...order, status: 'paid', paymentId: payment.paymentId, problem: null };
    } catch (error) {
      if (error instanceof AuthorizationAnswerError) {
        return { ...order, ...problemOfAuthorizationError(error.error) };
      }
      const problem = error instanceof BankRefusal ? error.message : payByBankMessages.shopFailed;
      if (!(error instanceof BankRefusal)) console.warn('The shop’s payment failed', error);
      return { ...order, status: 'failed', problem };
    }
  }

  return {
    async checkout(input) {
      const amountCents = cartTotalCents(input);
      const reference = orderReference(Math.random());
      try {
        const payeeAccountId = await deps.payeeAccountId();
        const consent = await bank.createConsent({
          amountCents,
          currency: PAYMENT_CURRENCY,
          payeeAccountId,
          reference,
        });
        const { url, checks } = await bank.authorize(consent.consentId);
        const order: ShopOrder = {
          orderId: randomUUID(),
          reference,
          amountCents,
          consentId: consent.consentId,
          payeeAccountId,
          status: 'awaiting_payment',
          ...checks,
          paymentId: null,
          problem: null,
        };
        return { redirectTo: url, sealed: seal.seal(order) };
      } catch (error) {
        console.warn('The shop could not start a payment at AnyBank', error);
        throw new DomainError('retail_bank_unavailable');
      }
    },

    async callback(sealed, callbackUrl) {
      const order = seal.open(sealed);
      if (!order) return null;
      // Paid, refused or failed already (a reload, the back button): the shop pays once.
      if (order.status !== 'awaiting_payment') return { order, sealed: seal.seal(order) };
      const settled = await settle(order, callbackUrl);
      return { order: settled, sealed: seal.seal(settled) };
    },

    order(sealed, orderId) {
      const order = seal.open(sealed);
      if (!order || order.orderId !== orderId) throw new DomainError('retail_order_not_found');
      return {
        orderId: order.orderId,
        reference: order.reference,
        amountCents: order.amountCents,
        status: order.status,
        paymentId: order.paymentId,
        problem: order.problem,
      };
    },
  };
}
