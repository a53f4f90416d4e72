import { createHash } from 'node:crypto';
import {
  ACCOUNTS_SCOPE,
  PAYMENTS_API_PATH,
  PAYMENT_CONSENTS_API_PATH,
  SHOP_BANK_REDACTED,
  type DecodedDpopProof,
  type DecodedJws,
  type ShopBankExchange,
  type ShopBankLedgerEntry,
  type ShopBankStep,
} from '@anybank/contracts';
import { centsOfObAmount } from './retail-shop.rules';

/**
 * What the Shop ⇄ Bank view keeps of one HTTP exchange between the shop's server and the bank
 * (ADR 0023): the request and the answer as they went, decoded and redacted before anything is
 * written. Nothing here can spend money or read an account: no access, refresh or ID token, no
 * authorization code or PKCE verifier, no key; a JWS (client assertion, DPoP proof, token) is
 * kept as its decoded header and claims, without its signature (RFC 7515 §7.1: without it, it
 * is no longer a JWS anyone accepts).
 */

/** One exchange as the shop's fetch saw it, before redaction (never written as it is). */
export interface RawExchange {
  method: string;
  url: string;
  /** Request headers, names in lower case. */
  headers: Record<string, string>;
  body: string | null;
  status: number;
  responseBody: string;
  at: Date;
}

/** What the service knows of the exchange's place in the order. */
export interface ExchangeContext {
  /** The payment id once paid: an Open Banking read keeps only this payment's entries. */
  paymentId: string | null;
  /** The payment sent once more (the presenter's demonstration), not the first one. */
  again: boolean;
}

/** Form fields whose values are secrets: a code, a verifier, a token. */
const SECRET_FIELDS = new Set(['code', 'code_verifier', 'refresh_token', 'client_secret']);

const base64urlJson = (part: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

/** A compact JWS's header and claims; its signature is dropped. Null for anything else. */
export function decodeJws(compact: string): DecodedJws | null {
  const parts = compact.split('.');
  if (parts.length !== 3 || !parts[0] || !parts[1]) return null;
  const header = base64urlJson(parts[0]);
  const claims = base64urlJson(parts[1]);
  return header && claims ? { header, claims } : null;
}

/**
 * The JWK SHA-256 thumbprint of an EC or OKP or RSA public key (RFC 7638 §3: the required
 * members in lexicographic order, no spaces), base64url: what a DPoP-bound token's `cnf.jkt`
 * names (RFC 9449 §6.1). Null for a key without its required members.
 */
export function jwkThumbprint(jwk: Record<string, unknown>): string | null {
  const required: Record<string, readonly string[]> = {
    EC: ['crv', 'kty', 'x', 'y'],
    OKP: ['crv', 'kty', 'x'],
    RSA: ['e', 'kty', 'n'],
  };
  const members = typeof jwk.kty === 'string' ? required[jwk.kty] : undefined;
  if (!members || members.some((name) => typeof jwk[name] !== 'string')) return null;
  const canonical = `{${members.map((name) => `"${name}":${JSON.stringify(jwk[name])}`).join(',')}}`;
  return createHash('sha256').update(canonical).digest('base64url');
}

/** A DPoP proof decoded, with the thumbprint of the public key its header carries. */
export function decodeDpopProof(compact: string): DecodedDpopProof | null {
  const decoded = decodeJws(compact);
  const jwk = decoded?.header.jwk;
  const jkt =
    typeof jwk === 'object' && jwk !== null ? jwkThumbprint(jwk as Record<string, unknown>) : null;
  return decoded && jkt ? { ...decoded, jkt } : null;
}

function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/** The request's form body as fields, or its JSON body; null for none. */
function requestFields(raw: RawExchange): Record<string, unknown> | null {
  if (!raw.body) return null;
  if ((raw.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw.body));
  }
  return asRecord(parseJson(raw.body));
}

/** Which step of a payment by bank an exchange is; null for what the view leaves out. */
export function stepOf(
  raw: RawExchange,
  fields: Record<string, unknown> | null,
  context: ExchangeContext,
): ShopBankStep | null {
  const path = new URL(raw.url).pathname;
  if (path.includes('/.well-known/')) return null;
  const grantType = fields?.grant_type;
  if (grantType === 'client_credentials') {
    const scopes = typeof fields?.scope === 'string' ? fields.scope.split(' ') : [];
    return scopes.includes(ACCOUNTS_SCOPE) ? 'open_banking_token' : 'client_credentials';
  }
  if (grantType === 'authorization_code') return 'code_exchange';
  if (fields && 'response_type' in fields && 'client_assertion' in fields) {
    return 'pushed_authorization';
  }
  if (path.endsWith(PAYMENT_CONSENTS_API_PATH)) return 'payment_consent';
  if (path.endsWith(PAYMENTS_API_PATH)) return context.again ? 'payment_again' : 'payment';
  if (raw.method === 'GET' && path.includes('/api/open-banking/')) return 'open_banking_read';
  return 'other';
}

/** The request's fields with secrets replaced, `authorization_details` as the JSON it is. */
function redactedFields(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => {
      if (SECRET_FIELDS.has(name) || name === 'client_assertion') return [name, SHOP_BANK_REDACTED];
      if (name === 'authorization_details' && typeof value === 'string') {
        return [name, parseJson(value) ?? value];
      }
      return [name, value];
    }),
  );
}

/**
 * An Open Banking transactions page with only this payment's entries: the shop's account holds
 * every other shopper's payments too, which this order's view must not show.
 */
function onlyThisPayment(body: Record<string, unknown>, paymentId: string | null): unknown {
  const data = asRecord(body.Data);
  const transactions = Array.isArray(data?.Transaction) ? (data.Transaction as unknown[]) : [];
  const kept = transactions.filter(
    (entry) => paymentId !== null && asRecord(entry)?.TransactionReference === paymentId,
  );
  return {
    ...body,
    Data: { Transaction: kept },
    OtherTransactionsNotShown: transactions.length - kept.length,
  };
}

/** The answer's body with tokens taken out (decoded beside it). */
function redactedAnswer(raw: RawExchange, step: ShopBankStep, context: ExchangeContext) {
  const parsed = parseJson(raw.responseBody);
  const body = asRecord(parsed);
  if (!body) return { body: parsed, accessToken: null, idToken: null };
  const decoded = (name: string) =>
    typeof body[name] === 'string' ? decodeJws(body[name] as string) : null;
  const accessToken = decoded('access_token');
  const idToken = decoded('id_token');
  const kept = Object.fromEntries(
    Object.entries(body).map(([name, value]) =>
      ['access_token', 'id_token', 'refresh_token'].includes(name)
        ? [name, SHOP_BANK_REDACTED]
        : [name, value],
    ),
  );
  return {
    body: step === 'open_banking_read' ? onlyThisPayment(kept, context.paymentId) : kept,
    accessToken,
    idToken,
  };
}

/** One exchange as the view keeps it (redacted); null for one it leaves out (discovery). */
export function exchangeOf(raw: RawExchange, context: ExchangeContext): ShopBankExchange | null {
  const fields = requestFields(raw);
  const step = stepOf(raw, fields, context);
  if (!step) return null;
  const assertion = fields?.client_assertion;
  const proof = raw.headers.dpop;
  const url = new URL(raw.url);
  return {
    step,
    at: raw.at.toISOString(),
    request: {
      method: raw.method,
      url: `${url.origin}${url.pathname}`,
      authorizationScheme: raw.headers.authorization?.split(' ')[0] ?? null,
      dpopProof: proof ? decodeDpopProof(proof) : null,
      clientAssertion: typeof assertion === 'string' ? decodeJws(assertion) : null,
      body: fields ? redactedFields(fields) : null,
    },
    response: { status: raw.status, ...redactedAnswer(raw, step, context) },
  };
}

/**
 * The shopper's return from the bank (the authorization response at the shop's callback,
 * RFC 6749 §4.1.2, RFC 9207's `iss`): what the bank answered the pushed request once the
 * customer signed in and confirmed, its code not shown.
 */
export function authorizationAnswerOf(callbackUrl: URL, at: Date): ShopBankExchange {
  const query = Object.fromEntries(
    [...callbackUrl.searchParams].map(([name, value]) => [
      name,
      SECRET_FIELDS.has(name) ? SHOP_BANK_REDACTED : value,
    ]),
  );
  return {
    step: 'authorization',
    at: at.toISOString(),
    request: null,
    response: { status: 303, body: query, accessToken: null, idToken: null },
  };
}

/**
 * The payment's two ledger entries as recorded answers show them: the customer's debit in the
 * bank's payment answer, the shop's credit in its Open Banking read (by the payment id).
 */
export function ledgerEntriesOf(
  exchanges: readonly ShopBankExchange[],
  paymentId: string | null,
): ShopBankLedgerEntry[] {
  const entries: ShopBankLedgerEntry[] = [];
  const payment = exchanges.find((e) => e.step === 'payment' && e.response.status === 201);
  const debit = asRecord(asRecord(payment?.response.body)?.debit);
  if (
    debit &&
    typeof debit.transactionId === 'string' &&
    typeof debit.accountSuffix === 'string' &&
    typeof debit.amountCents === 'number' &&
    typeof debit.bookedAt === 'string'
  ) {
    entries.push({
      side: 'debit',
      transactionId: debit.transactionId,
      account: `…${debit.accountSuffix}`,
      amountCents: debit.amountCents,
      bookedAt: debit.bookedAt,
      source: 'payment',
    });
  }
  for (const read of exchanges.filter((e) => e.step === 'open_banking_read')) {
    const data = asRecord(asRecord(read.response.body)?.Data);
    const found = (Array.isArray(data?.Transaction) ? (data.Transaction as unknown[]) : [])
      .map(asRecord)
      .find(
        (entry) =>
          paymentId !== null &&
          entry?.TransactionReference === paymentId &&
          entry.CreditDebitIndicator === 'Credit',
      );
    const amount = asRecord(found?.Amount)?.Amount;
    const cents = typeof amount === 'string' ? centsOfObAmount(amount) : null;
    if (found && cents !== null && typeof found.AccountId === 'string') {
      entries.push({
        side: 'credit',
        transactionId: String(found.TransactionId),
        account: `…${found.AccountId.slice(-4)}`,
        amountCents: cents,
        bookedAt: String(found.BookingDateTime),
        source: 'open_banking_read',
      });
      break;
    }
  }
  return entries;
}
