import { useEffect, useState } from 'react';
import { PLATFORM_AUTHENTICATOR_PROBE_TIMEOUT_MS } from '@anybank/contracts';

/**
 * What this browser can do with FIDO2 (document 1 §4.5): FULL with a platform authenticator
 * (a passkey on this device), SECURITY_KEY_ONLY with WebAuthn but no platform authenticator,
 * NONE without WebAuthn. The flow receives it with every FIDO2 answer.
 */
export const FIDO_COMPATIBILITIES = ['FULL', 'SECURITY_KEY_ONLY', 'NONE'] as const;
export type FidoCompatibility = (typeof FIDO_COMPATIBILITIES)[number];

/** What the probe looks at: `window.PublicKeyCredential` and a timer, or a test's. */
export interface FidoProbeEnvironment {
  publicKeyCredential:
    { isUserVerifyingPlatformAuthenticatorAvailable?: () => Promise<boolean> } | undefined;
  setTimeout: (callback: () => void, ms: number) => unknown;
}

/**
 * FULL when the platform authenticator answers true within `timeoutMs` (§9: 1 second);
 * SECURITY_KEY_ONLY when WebAuthn exists otherwise (false, slow, or failing); NONE without it.
 */
export async function probeFidoCompatibility(
  environment: FidoProbeEnvironment,
  timeoutMs: number = PLATFORM_AUTHENTICATOR_PROBE_TIMEOUT_MS,
): Promise<FidoCompatibility> {
  const credential = environment.publicKeyCredential;
  if (!credential) return 'NONE';
  const probe = credential.isUserVerifyingPlatformAuthenticatorAvailable;
  if (typeof probe !== 'function') return 'SECURITY_KEY_ONLY';
  const timedOut = new Promise<false>((resolve) => {
    environment.setTimeout(() => resolve(false), timeoutMs);
  });
  let available: boolean;
  try {
    available = await Promise.race([probe.call(credential), timedOut]);
  } catch {
    available = false;
  }
  return available === true ? 'FULL' : 'SECURITY_KEY_ONLY';
}

let browserProbe: Promise<FidoCompatibility> | null = null;

/** This browser's compatibility, probed once per page. */
export function browserFidoCompatibility(): Promise<FidoCompatibility> {
  browserProbe ??= probeFidoCompatibility({
    publicKeyCredential:
      typeof window.PublicKeyCredential === 'function' ? window.PublicKeyCredential : undefined,
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  });
  return browserProbe;
}

/** This browser's compatibility; null while the probe runs (at most a second). */
export function useFidoCompatibility(): FidoCompatibility | null {
  const [compatibility, setCompatibility] = useState<FidoCompatibility | null>(null);
  useEffect(() => {
    let current = true;
    void browserFidoCompatibility().then((result) => {
      if (current) setCompatibility(result);
    });
    return () => {
      current = false;
    };
  }, []);
  return compatibility;
}
