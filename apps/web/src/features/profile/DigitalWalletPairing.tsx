import { useEffect, useEffectEvent, useId, useState } from 'react';
import { Button, Card } from 'react-bootstrap';
import {
  fillBrand,
  WALLET_CARD_TITLE,
  WALLET_PAIRING_POLL_MS,
  messages,
  walletMessages,
} from '@anybank/contracts';
import { useBrand } from '../../lib/brand';
import { WINDOW_TIMERS, startPolling } from '../../lib/polling';
import { startWalletPairing, walletPairingProgress } from './wallet-pairing-api';
import { isFinal, type PairingProgress } from './wallet-pairing-rules';

type PairingState =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'waiting'; pairingId: string; qrCode: string; pairingUrl: string; expiresAt: Date }
  | { kind: 'paired' }
  | { kind: 'failed' };

/** Asks the bank every few seconds whether the phone has taken the card, while waiting. */
function usePairingProgress(
  pairingId: string | null,
  onFinal: (progress: PairingProgress) => void,
) {
  const finished = useEffectEvent(onFinal);
  useEffect(() => {
    if (pairingId === null) return;
    const controller = new AbortController();
    const stop = startPolling({
      intervalMs: WALLET_PAIRING_POLL_MS,
      poll: () => walletPairingProgress(pairingId, controller.signal),
      isDone: isFinal,
      onAnswer: (progress) => {
        if (isFinal(progress)) finished(progress);
      },
      onError: () => finished('ERROR'),
      timers: WINDOW_TIMERS,
    });
    return () => {
      stop();
      controller.abort();
    };
  }, [pairingId]);
}

/**
 * Digital-wallet pairing on the personal-details page (document 2 §2, §7, §8): the wallet-
 * pairing policy answers a single-use link and its QR code; opening the link on the phone
 * (`/mobile`) adds the signed AnyBank customer card to its wallet, and this page hears so.
 */
export function DigitalWalletPairing() {
  const brand = useBrand();
  const headingId = useId();
  const [state, setState] = useState<PairingState>({ kind: 'idle' });

  usePairingProgress(state.kind === 'waiting' ? state.pairingId : null, (progress) =>
    setState(progress === 'PAIRED' ? { kind: 'paired' } : { kind: 'failed' }),
  );

  const start = () => {
    setState({ kind: 'starting' });
    void startWalletPairing().then((outcome) =>
      setState(outcome.kind === 'ready' ? { ...outcome, kind: 'waiting' } : { kind: 'failed' }),
    );
  };

  return (
    <Card className="shadow-sm mt-4">
      <Card.Body as="section" aria-labelledby={headingId}>
        <h2 className="h5" id={headingId}>
          Digital wallet
        </h2>
        <p>
          Add your {fillBrand(WALLET_CARD_TITLE, brand)} to the wallet on your phone. It is signed
          by {brand.bankName}, so the wallet can tell it is genuine.
        </p>

        <div role="status" aria-live="polite" aria-atomic="true">
          {state.kind === 'waiting' && (
            <p className="mb-2">
              Your pairing link is ready. Scan the QR code with your phone, or open the link on it.
            </p>
          )}
          {state.kind === 'paired' && (
            <div className="alert alert-success">{fillBrand(walletMessages.paired, brand)}</div>
          )}
        </div>
        <div role="alert" aria-atomic="true">
          {state.kind === 'failed' && (
            <div className="alert alert-danger">{messages.profile.walletPairingError}</div>
          )}
        </div>

        {state.kind === 'waiting' && (
          <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
            <img
              src={state.qrCode}
              alt="QR code of your wallet pairing link"
              width={192}
              height={192}
              className="border rounded"
            />
            <div>
              <a href={state.pairingUrl} target="_blank" rel="noopener noreferrer">
                Open the pairing link (new tab)
              </a>
              <p className="small text-body-secondary mt-2 mb-0">
                The link works once, until{' '}
                {state.expiresAt.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}.
                This page tells you when your card is in the wallet.
              </p>
            </div>
          </div>
        )}

        <Button variant="primary" disabled={state.kind === 'starting'} onClick={start}>
          {state.kind === 'starting' ? 'Starting…' : 'Pair digital wallet'}
        </Button>
      </Card.Body>
    </Card>
  );
}
