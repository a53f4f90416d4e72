import { useEffect, useState } from 'react';
import { OAUTH_PATHS, behindTheScenesMessages as text } from '@anybank/contracts';
import { getJson } from '../../lib/api';
import { useSessionItem } from '../../lib/session-storage';
import { checkSignature, type PublishedKey, type SignatureCheck } from './token-signature';
import { z } from 'zod';

const jwksSchema = z.object({ keys: z.array(z.looseObject({ kid: z.string().optional() })) });
/** The bank's published keys, read once per page (they change only at a key rotation). */
let publishedKeys: Promise<PublishedKey[]> | null = null;
function readPublishedKeys(): Promise<PublishedKey[]> {
  publishedKeys ??= getJson(OAUTH_PATHS.jwks, jwksSchema).then(
    (jwks) => jwks.keys as PublishedKey[],
    () => {
      publishedKeys = null;
      return [];
    },
  );
  return publishedKeys;
}

const tokenSchema = z.object({
  kind: z.string(),
  header: z.record(z.string(), z.unknown()),
  claims: z.record(z.string(), z.unknown()),
  signingInput: z.string(),
});
export type IssuedToken = z.infer<typeof tokenSchema>;

/** The tokens a `token.issued` entry recorded (its details.issued). */
export function issuedTokensOf(details: Record<string, unknown>): IssuedToken[] {
  const parsed = z.array(tokenSchema).safeParse(details.issued);
  return parsed.success ? parsed.data : [];
}

const SIGNATURE_WORDS: Record<SignatureCheck, string> = {
  valid: text.signatureValid,
  invalid: text.signatureInvalid,
  unchecked: text.signatureUnchecked,
};

function useSecondsLeft(expiresAt: unknown): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (typeof expiresAt !== 'number') return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return typeof expiresAt === 'number' ? Math.max(0, Math.round(expiresAt - now / 1000)) : null;
}

function IssuedTokenCard({ token }: { token: IssuedToken }) {
  // The access token this page holds (document 1 §3.6 `AT`): its signature is checked here.
  const held = useSessionItem('AT');
  const [check, setCheck] = useState<SignatureCheck | null>(null);
  const secondsLeft = useSecondsLeft(token.claims.exp);
  useEffect(() => {
    let current = true;
    void readPublishedKeys()
      .then((keys) => checkSignature(token.signingInput, held, keys))
      .then((result) => {
        if (current) setCheck(result);
      });
    return () => {
      current = false;
    };
  }, [token.signingInput, held]);
  return (
    <div className="bts-token">
      <p className="mb-1">
        <span className="fw-semibold">{token.kind}</span>
        {secondsLeft !== null && <span> · {text.expiresIn(secondsLeft)}</span>}
        {check && (
          <span className={`bts-signature bts-signature-${check}`}>
            {' '}
            · {SIGNATURE_WORDS[check]}
          </span>
        )}
      </p>
      <p className="small mb-0">Header</p>
      <pre className="bts-json">{JSON.stringify(token.header, null, 2)}</pre>
      <p className="small mb-0">Claims</p>
      <pre className="bts-json">{JSON.stringify(token.claims, null, 2)}</pre>
    </div>
  );
}

export function IssuedTokens({ details }: { details: Record<string, unknown> }) {
  return (
    <>
      {issuedTokensOf(details).map((token) => (
        <IssuedTokenCard key={token.signingInput} token={token} />
      ))}
    </>
  );
}
