import { useEffect, useState } from 'react';
import { behindTheScenesMessages as text } from '@anybank/contracts';
import { z } from 'zod';

/**
 * The tokens a `token.issued` entry recorded (its details.issued): header and claims decoded,
 * and whether the signature verified against the bank's published keys, as the server checked
 * it when it issued the token (the signature itself is never recorded; ADR 0021).
 */
const tokenSchema = z.object({
  kind: z.string(),
  header: z.record(z.string(), z.unknown()),
  claims: z.record(z.string(), z.unknown()),
  signingInput: z.string(),
  signatureCheck: z.enum(['valid', 'invalid']).optional(),
});
export type IssuedToken = z.infer<typeof tokenSchema>;

export function issuedTokensOf(details: Record<string, unknown>): IssuedToken[] {
  const parsed = z.array(tokenSchema).safeParse(details.issued);
  return parsed.success ? parsed.data : [];
}

const SIGNATURE_WORDS = {
  valid: text.signatureValid,
  invalid: text.signatureInvalid,
  unchecked: text.signatureUnchecked,
} as const;

/** "ID token: signature valid", its class for the colour. */
export function SignatureCheck({ token }: { token: IssuedToken }) {
  const check = token.signatureCheck ?? 'unchecked';
  return <span className={`bts-signature bts-signature-${check}`}>{SIGNATURE_WORDS[check]}</span>;
}

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
  const secondsLeft = useSecondsLeft(token.claims.exp);
  return (
    <div className="bts-token">
      <p className="mb-1">
        <span className="fw-semibold">{token.kind}</span>
        {secondsLeft !== null && <span> · {text.expiresIn(secondsLeft)}</span>} ·{' '}
        <SignatureCheck token={token} />
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
