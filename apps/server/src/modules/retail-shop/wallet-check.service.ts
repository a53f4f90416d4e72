import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, importJWK, type JWK } from 'jose';
import { toDataURL } from 'qrcode';
import { z } from 'zod';
import {
  PRESENTATION_CLAIMS,
  PRESENTATION_QUERY_ID,
  PRESENTATION_REQUEST_TTL_SECONDS,
  REQUEST_OBJECT_JWT_TYPE,
  apiErrorMessage,
  walletCheckPath,
  walletCheckPaths,
  type ApiErrorCode,
  type PresentationPurpose,
  type WalletCheckResult,
  type WalletCheckStarted,
} from '@anybank/contracts';
import { DomainError } from '../../domain-error';
import type {
  AnsweredStatus,
  WalletCheckOutcome,
  WalletCheckRow,
  WalletCheckStore,
} from './wallet-check.store';
import {
  browserHashOf,
  decide,
  disclosedClaimNames,
  effectiveStatus,
  keptClaims,
  requestObjectClaims,
  sameSecret,
  walletRequestLinks,
  withheldClaimNames,
} from './wallet-check.rules';
import { IssuerUnavailable, verifyPresentation, type IssuerSource } from './wallet-check.verifier';

/** The wallet's `direct_post` answer (OpenID4VP 1.0 §8.2): a vp_token and state, or an error. */
export interface WalletAnswer {
  vp_token?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

/** One event of the shop's checks, written to the audit log (ADR 0027). */
export interface WalletCheckEvent {
  type: 'shop.wallet_check_verified' | 'shop.wallet_check_refused' | 'shop.wallet_check_declined';
  ip: string | null;
  details: Record<string, unknown>;
  /** The panel of the browser that started the check: the wallet answers from elsewhere. */
  inspectorId: string | null;
}

const vpTokenSchema = z.object({ [PRESENTATION_QUERY_ID]: z.array(z.string()).length(1) });

/** The one presentation of the answer's `vp_token` (a JSON object by query id), or null. */
function presentationOf(vpToken: string | undefined): string | null {
  try {
    return vpTokenSchema.parse(JSON.parse(vpToken ?? ''))[PRESENTATION_QUERY_ID][0] ?? null;
  } catch {
    return null;
  }
}

/**
 * The shop's wallet checks (OpenID4VP 1.0, ADR 0027): a signed request for the claims one
 * purpose needs, the wallet's answer verified once, and the result for the browser that asked.
 */
export function createWalletCheckService(deps: {
  store: WalletCheckStore;
  /** The shop's signing key, which the bank's wallet knows it by. */
  privateJwk: JWK & { kid: string };
  /** The bank (its site URL): the credentials' issuer, where `/mobile` is. */
  siteUrl: string;
  issuer: IssuerSource;
  audit: (event: WalletCheckEvent) => Promise<void>;
  /** The "Behind the scenes" panel watching the current request, if any (ADR 0021). */
  watchingPanel: () => string | null;
  clock: () => Date;
}) {
  const { store, siteUrl, clock } = deps;
  const absolute = (path: string) => `${siteUrl}${path}`;

  /** The check, waiting for its answer; refused as unknown, expired or already answered. */
  async function pending(checkId: string): Promise<WalletCheckRow> {
    const row = await store.find(checkId);
    if (!row) throw new DomainError('wallet_check_unknown');
    const status = effectiveStatus(row.status, row.expiresAt, clock());
    if (status === 'expired') throw new DomainError('wallet_check_expired');
    if (status !== 'pending') throw new DomainError('wallet_check_answered');
    return row;
  }

  async function settle(
    row: WalletCheckRow,
    status: AnsweredStatus,
    outcome: WalletCheckOutcome,
    event: Omit<WalletCheckEvent, 'inspectorId'>,
  ): Promise<void> {
    if (!(await store.answer(row.id, status, outcome))) {
      await pending(row.id);
      throw new DomainError('wallet_check_answered');
    }
    await deps.audit({ ...event, inspectorId: row.inspectorId });
  }

  return {
    async start(
      purpose: PresentationPurpose,
      browserSecret: string | undefined,
    ): Promise<{ started: WalletCheckStarted; browserSecret: string }> {
      const secret =
        browserSecret && browserSecret.length >= 43
          ? browserSecret
          : randomBytes(32).toString('base64url');
      const checkId = randomUUID();
      const expiresAt = new Date(clock().getTime() + PRESENTATION_REQUEST_TTL_SECONDS * 1000);
      await store.insert({
        id: checkId,
        purpose,
        nonce: randomBytes(32).toString('base64url'),
        state: randomBytes(16).toString('base64url'),
        browserHash: browserHashOf(secret),
        inspectorId: deps.watchingPanel(),
        expiresAt,
      });
      const links = walletRequestLinks(
        siteUrl,
        absolute(walletCheckPath(walletCheckPaths.requestObject, checkId)),
      );
      const qrCode = await toDataURL(links.requestUri, {
        type: 'image/png',
        errorCorrectionLevel: 'M',
        margin: 2,
        width: 256,
      });
      return {
        started: { checkId, purpose, ...links, qrCode, expiresAt: expiresAt.toISOString() },
        browserSecret: secret,
      };
    },

    /** The request object (RFC 9101), signed now with the shop's key, for the wallet. */
    async requestObject(checkId: string): Promise<string> {
      const row = await pending(checkId);
      const claims = requestObjectClaims({
        purpose: row.purpose,
        nonce: row.nonce,
        state: row.state,
        responseUri: absolute(walletCheckPath(walletCheckPaths.response, checkId)),
        now: clock(),
        expiresAt: row.expiresAt,
      });
      const { kid } = deps.privateJwk;
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', typ: REQUEST_OBJECT_JWT_TYPE, kid })
        .sign(await importJWK(deps.privateJwk, 'ES256'));
    },

    /** The wallet's answer, verified and recorded once; a refusal throws its code after. */
    async respond(checkId: string, answer: WalletAnswer, ip: string | null): Promise<void> {
      const row = await pending(checkId);
      if (!sameSecret(answer.state, row.state))
        throw new DomainError('wallet_check_state_mismatch');
      const requested = [...PRESENTATION_CLAIMS[row.purpose]];
      const base = { checkId, purpose: row.purpose, requestedClaims: requested };
      if (answer.error === 'access_denied') {
        const outcome = { disclosed: null, refusal: null, checks: [] };
        const details = { ...base, disclosedClaims: [], withheldClaims: withheldClaimNames([]) };
        await settle(row, 'declined', outcome, { type: 'shop.wallet_check_declined', ip, details });
        return;
      }
      let verified;
      try {
        verified = await verifyPresentation({
          presentation: answer.error ? null : presentationOf(answer.vp_token),
          purpose: row.purpose,
          nonce: row.nonce,
          bankIssuer: siteUrl,
          source: deps.issuer,
          now: clock(),
        });
      } catch (error) {
        if (!(error instanceof IssuerUnavailable)) throw error;
        console.warn('The shop could not reach AnyBank to check a credential', error);
        throw new DomainError('wallet_check_bank_unavailable');
      }
      const decision = decide(row.purpose, verified.outcomes);
      const disclosed = disclosedClaimNames(verified.claims);
      const details = {
        ...base,
        disclosedClaims: disclosed,
        withheldClaims: withheldClaimNames(disclosed),
        checks: decision.checks,
        ...(answer.error ? { walletError: answer.error } : {}),
      };
      if (decision.status === 'verified') {
        const outcome = {
          disclosed: keptClaims(row.purpose, verified.claims),
          refusal: null,
          checks: decision.checks,
        };
        await settle(row, 'verified', outcome, { type: 'shop.wallet_check_verified', ip, details });
        return;
      }
      const code: ApiErrorCode = decision.code;
      const refusal = { code, message: apiErrorMessage(code as never) };
      const outcome = { disclosed: null, refusal, checks: decision.checks };
      await settle(row, 'refused', outcome, {
        type: 'shop.wallet_check_refused',
        ip,
        details: { ...details, code },
      });
      throw new DomainError(code);
    },

    /**
     * A checkout with an age-restricted item goes on only with this browser's verified age
     * check (ADR 0027); refused `retail_age_check_required` otherwise.
     */
    async requireVerifiedAge(checkId: string | undefined, browserSecret: string | undefined) {
      const row = checkId ? await store.find(checkId) : null;
      const ours =
        row && browserSecret && sameSecret(browserHashOf(browserSecret), row.browserHash);
      if (!ours || row.purpose !== 'age' || row.status !== 'verified') {
        throw new DomainError('retail_age_check_required');
      }
    },

    /** The result, for the browser that started the check only (its cookie). */
    async result(checkId: string, browserSecret: string | undefined): Promise<WalletCheckResult> {
      const row = await store.find(checkId);
      if (!row || !browserSecret || !sameSecret(browserHashOf(browserSecret), row.browserHash)) {
        throw new DomainError('wallet_check_unknown');
      }
      return {
        checkId,
        purpose: row.purpose,
        status: effectiveStatus(row.status, row.expiresAt, clock()),
        disclosed: row.outcome?.disclosed ?? null,
        refusal: row.outcome?.refusal ?? null,
        checks: row.outcome?.checks ?? [],
      };
    },
  };
}
export type WalletCheckService = ReturnType<typeof createWalletCheckService>;
