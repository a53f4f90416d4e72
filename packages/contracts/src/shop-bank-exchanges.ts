import { pageRoute } from './routes';
import { RETAIL_ORDERS_API_PATH, payByBankMessages } from './pay-by-bank';

/**
 * The Shop ⇄ Bank view of pay by bank (ADR 0023): what the shop's server sent AnyBank for one
 * order and what the bank answered, in order, as the shop recorded it — redacted before it was
 * written (no access, refresh or ID token, no code, verifier or key; a JWS only as its decoded
 * header and claims, never its signature).
 */

/** The view's page at the shop (the receipt links to it; the bank's panel may too). */
export const SHOP_BANK_VIEW_PAGE_PATH = pageRoute('shop-bank').paths[0] ?? '/retail/shop-and-bank';
/** The query parameter naming the order (this browser's: its order cookie decides). */
export const SHOP_BANK_VIEW_ORDER_PARAM = 'order';
export const SHOP_BANK_EXCHANGES_API_PATH = `${RETAIL_ORDERS_API_PATH}/:orderId/exchanges`;
export const shopBankExchangesPath = (orderId: string) =>
  SHOP_BANK_EXCHANGES_API_PATH.replace(':orderId', encodeURIComponent(orderId));
export const shopBankViewPath = (orderId: string) =>
  `${SHOP_BANK_VIEW_PAGE_PATH}?${SHOP_BANK_VIEW_ORDER_PARAM}=${encodeURIComponent(orderId)}`;

/** The steps of a payment by bank, in the order they happen. */
export const SHOP_BANK_STEPS = [
  'client_credentials',
  'payment_consent',
  'pushed_authorization',
  'authorization',
  'code_exchange',
  'payment',
  'open_banking_token',
  'open_banking_read',
  'payment_again',
  'other',
] as const;
export type ShopBankStep = (typeof SHOP_BANK_STEPS)[number];

/** In place of every secret the shop sent or was given (a token, a code, a verifier). */
export const SHOP_BANK_REDACTED = '(not shown)';

const merchant = payByBankMessages.merchantName;

export const shopBankViewMessages = {
  receiptLink: 'See what happened between the shop and the bank',
  intro: `Every call ${merchant}’s server made to AnyBank for this order, and what the bank answered, in order. Recorded by the shop as they happened; tokens, codes and keys are not shown, and a signed token shows only its header and claims.`,
  shopLane: 'The shop’s server sent',
  bankLane: 'AnyBank answered',
  noOrder:
    'This browser has no order at the shop. Place one (pay by bank) to see its calls to the bank.',
  loading: 'Loading what the shop recorded…',
  backToShop: 'Back to the shop',
  ledgerHeading: 'The two ledger entries',
  ledgerNote:
    'The payment as the bank’s ledger shows it: the customer’s debit, as the bank’s payment answer gave it, and the shop’s credit, as the shop’s Open Banking read found it.',
  ledgerNone: 'No ledger entry recorded for this order yet.',
  ledgerEntry: (side: 'debit' | 'credit', account: string, amount: string, when: string) =>
    `${side === 'debit' ? 'Debit' : 'Credit'} of ${amount} on account ${account}, booked ${when}`,
  ledgerSource: (transactionId: string, step: string) =>
    `TransactionId ${transactionId}; from: ${step}`,
  authorizationHeader: (scheme: string) => `Authorization: ${scheme} (the token is not shown)`,
  lanesLabel: 'Each step: the shop’s call on the left, the bank’s answer on the right.',
  clientAssertion: 'Signed client assertion (private_key_jwt), decoded',
  dpopProof: 'DPoP proof, decoded',
  jkt: 'Proof key thumbprint (jkt)',
  cnfJkt: 'Token bound to key (cnf.jkt)',
  accessToken: 'Access token, decoded (header and claims; the token itself is not kept)',
  idToken: 'ID token, decoded (header and claims)',
  body: 'Body',
  header: 'Header',
  claims: 'Claims',
  authorizationDetails: 'authorization_details',
  signatureNotShown: 'Signature not shown.',
  proofMatchesToken: 'The proof’s key is the one the access token is bound to.',
  proofDoesNotMatch: 'The proof’s key is not the one the access token is bound to.',
  stepTitle: {
    client_credentials: 'Client-credentials token (private_key_jwt, DPoP)',
    payment_consent: 'Payment consent',
    pushed_authorization: 'Pushed authorization request (PAR) with authorization_details',
    authorization: 'The customer signs in at AnyBank and confirms the payment',
    code_exchange: 'Code exchanged for a DPoP-bound token',
    payment: 'The payment',
    open_banking_token: 'Client-credentials token for the shop’s own account (scope accounts)',
    open_banking_read: 'The shop’s Open Banking read of its own account',
    payment_again: 'The same payment submitted again',
    other: 'Another call',
  } satisfies Record<ShopBankStep, string>,
  authorizationNote:
    'Sign-in and confirmation happen at AnyBank; the shop sees only the bank sending the shopper back to its callback with a code.',
  status: (status: number) => `HTTP ${status}`,
} as const;
