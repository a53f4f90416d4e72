import { useCallback, useEffect, useRef, useState } from 'react';
import {
  WebAuthnAbortService,
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
} from '@simplewebauthn/browser';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { hasFidoOptions } from './fido';

export interface PasskeyAutofill {
  /** The browser offers passkeys in the username field's suggestions (conditional mediation). */
  available: boolean;
  /** The browser can sign in with a passkey at all (WebAuthn), suggestions or not. */
  supported: boolean;
  /**
   * Ends the offer before the person goes on another way (a username submitted, forgot
   * password): the browser's request is aborted, and the options request, if one is on its
   * way, has landed, so that the next step does not race it.
   */
  stop: () => Promise<void>;
}

/**
 * The username field's passkey suggestions: while `active`, the flow's
 * discoverable request options are fetched and a conditional-mediation
 * `navigator.credentials.get` waits for the person to pick a passkey from the field's
 * autofill; the answer goes to `send`. A browser without conditional mediation shows the field
 * as before. Closing the modal (unmounting) aborts the request.
 */
export function usePasskeyAutofill(
  active: boolean,
  requestOptions: () => Promise<unknown>,
  send: (assertion: Record<string, unknown>) => Promise<void>,
): PasskeyAutofill {
  const [available, setAvailable] = useState(false);
  const pending = useRef<Promise<unknown> | null>(null);
  const cancelled = useRef(false);
  // Once the person went on another way, the offer is not made again by this field: a late
  // options request would race their step.
  const stopped = useRef(false);
  // The callers' functions are new at each render: the latest is used, the request kept.
  const calls = useRef({ requestOptions, send });
  useEffect(() => {
    calls.current = { requestOptions, send };
  });

  useEffect(() => {
    let current = true;
    void browserSupportsWebAuthnAutofill().then(
      (supported) => current && setAvailable(supported),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (!active || !available || stopped.current) return;
    cancelled.current = false;
    const options = calls.current.requestOptions().catch(() => null);
    pending.current = options;
    void options.then(async (json) => {
      if (cancelled.current || !hasFidoOptions(json)) return;
      let assertion: Record<string, unknown>;
      try {
        assertion = {
          ...(await startAuthentication({
            optionsJSON: json as unknown as PublicKeyCredentialRequestOptionsJSON,
            useBrowserAutofill: true,
          })),
        };
      } catch {
        // Aborted (the person went on another way) or refused: the field is as before.
        return;
      }
      if (!cancelled.current) await calls.current.send(assertion);
    });
    return () => {
      cancelled.current = true;
      WebAuthnAbortService.cancelCeremony();
    };
  }, [active, available]);

  const stop = useCallback(async () => {
    stopped.current = true;
    if (!cancelled.current) {
      cancelled.current = true;
      WebAuthnAbortService.cancelCeremony();
    }
    await pending.current;
  }, []);

  return { available, supported: browserSupportsWebAuthn(), stop };
}
