import { randomUUID } from 'node:crypto';
import {
  PAYMENT_CURRENCY,
  payByBankMessages,
  type MerchantCredit,
  type RetailCheckout,
  type RetailOrderView,
  type RetailResubmission,
  type ShopBankExchanges,
  type SubmitPayment,
} from '@anybank/contracts';
import { DomainError } from '../../domain-error';
import { AuthorizationAnswerError, BankRefusal, type BankPort } from './bank.port';
import { recordExchanges } from './exchange-recorder';
import type { OrderSeal, ShopOrder } from './order-cookie';
import type { ExchangeJournal } from './shop-bank-exchange.store';
import type { BankShopper } from './shopper-session.service';
import {
  authorizationAnswerOf,
  ledgerEntriesOf,
  type ExchangeContext,
} from './shop-bank-exchange.rules';
import {
  cartTotalCents,
  isAnswerToThisPayment,
  orderReference,
  problemOfAuthorizationError,
} from './retail-shop.rules';

export interface RetailShopService {
  /** Registers the payment at the bank and answers where the shopper goes, and the order. */
  checkout(input: RetailCheckout): Promise<{ redirectTo: string; sealed: string }>;
  /**
   * The bank's answer at the callback: pays once; answers the order (null: none in this browser,
   * or an answer that is not to the payment this browser started, which changes nothing).
   */
  callback(
    sealed: string | undefined,
    callbackUrl: URL,
  ): Promise<{ order: ShopOrder; sealed: string; shopper: BankShopper | null } | null>;
  /** This browser's order; a paid one with what the shop's account at the bank shows of it. */
  order(sealed: string | undefined, orderId: string): Promise<RetailOrderView>;
  /**
   * The presenter's demonstration (DEMO_TOOLS): this browser's paid order's payment submitted
   * to the bank once more, with its consent and its authorization's token and key; answers
   * what the bank said.
   */
  submitAgain(sealed: string | undefined, orderId: string): Promise<RetailResubmission>;
  /** This browser's order's exchanges with the bank, as the shop recorded them (the view). */
  exchanges(sealed: string | undefined, orderId: string): Promise<ShopBankExchanges>;
}

/** The payment of an order, as the shop submits it to the bank. */
function paymentOf(order: ShopOrder): SubmitPayment {
  return {
    consentId: order.consentId,
    amountCents: order.amountCents,
    currency: PAYMENT_CURRENCY,
    payeeAccountId: order.payeeAccountId,
  };
}

/**
 * The retail shop's server side, another company's. It calls no service of the bank: everything
 * goes through its BankPort (the bank's public HTTP API), and its orders live in its own sealed
 * cookie. Its one table is its record of those calls (the Shop ⇄ Bank view), written after
 * each piece of work; it never holds a database transaction.
 */
export function createRetailShopService(deps: {
  bank: BankPort;
  seal: OrderSeal;
  /** Its account at AnyBank, as the bank told it when it became a merchant. */
  payeeAccountId: string;
  /** Its record of what it sent the bank and what the bank answered, per order. */
  journal: ExchangeJournal;
  clock?: () => Date;
}): RetailShopService {
  const { bank, seal, journal } = deps;
  const now = deps.clock ?? (() => new Date());

  /** A piece of work for an order, its calls to the bank recorded (failed ones too). */
  async function recorded<T>(
    orderId: string,
    context: ExchangeContext,
    work: () => Promise<T>,
  ): Promise<T> {
    const { result, exchanges } = await recordExchanges(work, (made) =>
      journal.record(orderId, made, context),
    );
    await journal.record(orderId, exchanges, context).catch((error: unknown) => {
      console.warn('The shop could not record its calls to AnyBank', error);
    });
    return result;
  }

  async function settle(
    order: ShopOrder,
    callbackUrl: URL,
  ): Promise<{ order: ShopOrder; shopper: BankShopper | null }> {
    try {
      await journal.note(order.orderId, authorizationAnswerOf(callbackUrl, now()));
      const { payment, authorization, shopper } = await recorded(
        order.orderId,
        { paymentId: null, again: false },
        () =>
          bank.pay(
            callbackUrl,
            { state: order.state, codeVerifier: order.codeVerifier },
            paymentOf(order),
          ),
      );
      return {
        order: {
          ...order,
          status: 'paid',
          paymentId: payment.paymentId,
          problem: null,
          authorization,
        },
        shopper,
      };
    } catch (error) {
      if (error instanceof AuthorizationAnswerError) {
        return { order: { ...order, ...problemOfAuthorizationError(error.error) }, shopper: null };
      }
      const problem = error instanceof BankRefusal ? error.message : payByBankMessages.shopFailed;
      if (!(error instanceof BankRefusal)) console.warn('The shop’s payment failed', error);
      return { order: { ...order, status: 'failed', problem }, shopper: null };
    }
  }

  /** This browser's order, or 404 (no cookie, a forged one, or another order's id). */
  function ownOrder(sealed: string | undefined, orderId: string): ShopOrder {
    const order = seal.open(sealed);
    if (!order || order.orderId !== orderId) throw new DomainError('retail_order_not_found');
    return order;
  }

  /**
   * What the shop's account at the bank shows of a paid order's payment. Read from the bank
   * each time the page asks rather than noted at the callback: the page then shows the bank's
   * record as it is now (after the presenter's second submission too: still the one credit),
   * and a bank slow to answer at the callback does not leave "not found" in the cookie for good.
   */
  async function merchantCreditOf(order: ShopOrder): Promise<MerchantCredit | null> {
    if (order.status !== 'paid' || !order.paymentId) return null;
    const { paymentId } = order;
    const read = () => bank.findCredit(order.payeeAccountId, paymentId);
    try {
      // The view shows the first read; the page reads again at each visit, unrecorded.
      const credit = (await journal.has(order.orderId, 'open_banking_read'))
        ? await read()
        : await recorded(order.orderId, { paymentId, again: false }, read);
      return credit ? { status: 'received', ...credit } : { status: 'not_found' };
    } catch (error) {
      console.warn('The shop could not read its account at AnyBank', error);
      return { status: 'unavailable' };
    }
  }

  return {
    async checkout(input) {
      const amountCents = cartTotalCents(input);
      const reference = orderReference(Math.random());
      const orderId = randomUUID();
      try {
        const { payeeAccountId } = deps;
        await journal.prune();
        const { consent, url, checks } = await recorded(
          orderId,
          { paymentId: null, again: false },
          async () => {
            const registered = await bank.createConsent({
              amountCents,
              currency: PAYMENT_CURRENCY,
              payeeAccountId,
              reference,
            });
            return { consent: registered, ...(await bank.authorize(registered.consentId)) };
          },
        );
        const order: ShopOrder = {
          orderId,
          reference,
          amountCents,
          consentId: consent.consentId,
          payeeAccountId,
          status: 'awaiting_payment',
          ...checks,
          paymentId: null,
          problem: null,
          authorization: null,
        };
        return { redirectTo: url, sealed: seal.seal(order) };
      } catch (error) {
        console.warn('The shop could not start a payment at AnyBank', error);
        throw new DomainError('retail_bank_unavailable');
      }
    },

    async callback(sealed, callbackUrl) {
      const order = seal.open(sealed);
      // Only the answer to the payment this browser started: a forged request sent here from
      // another site (the order cookie is SameSite=Lax, so it comes along) is ignored.
      if (!order || !isAnswerToThisPayment(order.state, callbackUrl)) return null;
      // Paid, refused or failed already (a reload, the back button): the shop pays once.
      if (order.status !== 'awaiting_payment') {
        return { order, sealed: seal.seal(order), shopper: null };
      }
      const settled = await settle(order, callbackUrl);
      return { ...settled, sealed: seal.seal(settled.order) };
    },

    async order(sealed, orderId) {
      const order = ownOrder(sealed, orderId);
      return {
        orderId: order.orderId,
        reference: order.reference,
        amountCents: order.amountCents,
        status: order.status,
        paymentId: order.paymentId,
        problem: order.problem,
        merchantCredit: await merchantCreditOf(order),
      };
    },

    async submitAgain(sealed, orderId) {
      const order = ownOrder(sealed, orderId);
      if (order.status !== 'paid' || !order.authorization) {
        throw new DomainError('retail_order_not_paid');
      }
      const { authorization } = order;
      try {
        const answer = await recorded(
          order.orderId,
          { paymentId: order.paymentId, again: true },
          () => bank.submitAgain(authorization, paymentOf(order)),
        );
        return { accepted: answer.status === 201, ...answer };
      } catch (error) {
        console.warn('The shop could not send the payment to AnyBank again', error);
        throw new DomainError('retail_bank_unreachable');
      }
    },

    async exchanges(sealed, orderId) {
      const order = ownOrder(sealed, orderId);
      const exchanges = await journal.ofOrder(order.orderId);
      return {
        orderId: order.orderId,
        reference: order.reference,
        exchanges,
        ledgerEntries: ledgerEntriesOf(exchanges, order.paymentId),
      };
    },
  };
}
