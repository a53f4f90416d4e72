import { useEffect, useState } from 'react';
import {
  DEFAULT_BRAND,
  PRESENTATION_POLL_MS,
  apiErrorMessage,
  fillBrand,
  walletPresentationMessages,
} from '@anybank/contracts';
import type {
  PresentationPurpose,
  WalletCheckResult,
  WalletCheckStarted,
} from '@anybank/contracts';
import { ApiError } from '../../lib/api';
import { fetchWalletCheck, startWalletCheck } from '../../lib/retail-shop-api';

const text = walletPresentationMessages;
/** The shop names its bank as it does everywhere on its page (another company's words). */
const branded = (words: string) => fillBrand(words, DEFAULT_BRAND);

/**
 * One request to the customer's wallet (OpenID4VP 1.0, ADR 0027): the button starts it at the
 * shop's server, which answers its QR code and phone link; the page then asks the server every
 * PRESENTATION_POLL_MS what the wallet answered, until it is verified, refused, declined or
 * expired. A verified result goes to `onVerified`: for age, nothing but that it was verified.
 */
export function WalletCheck({
  purpose,
  label,
  onVerified,
}: {
  purpose: PresentationPurpose;
  label: string;
  onVerified: (result: WalletCheckResult) => void;
}) {
  const [started, setStarted] = useState<WalletCheckStarted | null>(null);
  const [result, setResult] = useState<WalletCheckResult | null>(null);
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!started) return undefined;
    const controller = new AbortController();
    let timer: number | undefined;
    const poll = () => {
      fetchWalletCheck(started.checkId, controller.signal)
        .then((read) => {
          if (controller.signal.aborted) return;
          setResult(read);
          if (read.status === 'pending') timer = window.setTimeout(poll, PRESENTATION_POLL_MS);
          else if (read.status === 'verified') onVerified(read);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn('The wallet check could not be read', error);
          timer = window.setTimeout(poll, PRESENTATION_POLL_MS);
        });
    };
    poll();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [started, onVerified]);

  async function start() {
    if (starting) return;
    setStarting(true);
    setProblem(null);
    setResult(null);
    try {
      setStarted(await startWalletCheck(purpose));
    } catch (error) {
      console.warn('The wallet check could not start', error);
      setProblem(
        error instanceof ApiError && error.code
          ? apiErrorMessage(error.code)
          : apiErrorMessage('internal_error'),
      );
    } finally {
      setStarting(false);
    }
  }

  const status = result?.status ?? (started ? 'pending' : null);
  const ended = status === 'refused' || status === 'declined' || status === 'expired';
  return (
    <div className="shop-wallet-check">
      {(status === null || ended) && (
        <button
          type="button"
          className="shop-wallet-button"
          onClick={() => void start()}
          disabled={starting}
          aria-busy={starting}
        >
          {status === null ? label : text.tryAgain}
        </button>
      )}
      {started && status === 'pending' && (
        <div className="shop-wallet-request">
          <img src={started.qrCode} alt={text.qrAlt} width={160} height={160} />
          <div>
            <p className="shop-note">{text.scanOrOpen}</p>
            <p>
              <a href={started.phoneLink} target="_blank" rel="noreferrer">
                {text.openOnPhone}
              </a>
            </p>
          </div>
        </div>
      )}
      <div role="status" aria-live="polite">
        {status === 'pending' && <p className="shop-note mb-0">{text.waiting}</p>}
        {status === 'verified' && purpose === 'age' && (
          <p className="shop-verified mb-0">{branded(text.ageVerified)}</p>
        )}
        {status === 'verified' && purpose === 'delivery' && (
          <p className="shop-verified mb-0">{branded(text.deliveryFilled)}</p>
        )}
        {status === 'declined' && <p className="mb-0">{text.declined}</p>}
        {status === 'expired' && <p className="mb-0">{text.expired}</p>}
        {status === 'refused' && <p className="mb-0">{result?.refusal?.message}</p>}
        {problem && <p className="mb-0">{problem}</p>}
      </div>
    </div>
  );
}
