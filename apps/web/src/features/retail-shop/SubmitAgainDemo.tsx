import { useState } from 'react';
import { apiErrorMessage, retailShopBankMessages } from '@anybank/contracts';
import type { RetailResubmission } from '@anybank/contracts';
import { ApiError } from '../../lib/api';
import { submitOrderAgain } from '../../lib/retail-shop-api';

const text = retailShopBankMessages;

/**
 * A presenter's demonstration (shown with the demo tools on): the shop submits the
 * paid order's payment to AnyBank again, with the same consent and access token, and shows the
 * bank's answer in the bank's words — a refusal, since a consent pays once. The answer is
 * announced: the refusal expected (status), anything else as an alert.
 */
export function SubmitAgainDemo({ orderId }: { orderId: string }) {
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<RetailResubmission | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function submitAgain() {
    if (sending) return;
    setSending(true);
    setAnswer(null);
    setFailure(null);
    try {
      setAnswer(await submitOrderAgain(orderId));
    } catch (error) {
      console.warn('The payment could not be sent again', error);
      setFailure(
        error instanceof ApiError && error.code ? apiErrorMessage(error.code) : text.resubmitFailed,
      );
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="shop-card shop-demo mb-3" aria-labelledby="shop-demo-heading">
      <h2 id="shop-demo-heading" className="h5">
        {text.resubmitHeading}
      </h2>
      <p>{text.resubmitNote}</p>
      <button
        type="button"
        className="shop-demo-button"
        onClick={() => void submitAgain()}
        disabled={sending}
        aria-busy={sending}
      >
        {sending ? text.resubmitting : text.resubmit}
      </button>
      {/* Both regions are in the page before anything is said in them, so it is announced. */}
      <div role="status" aria-live="polite" className="mt-3">
        {answer && !answer.accepted && (
          <p className="mb-0">{text.resubmitRefused(answer.status, answer.message)}</p>
        )}
      </div>
      <div role="alert">
        {answer?.accepted && <p className="mb-0">{text.resubmitAccepted(answer.status)}</p>}
        {failure && <p className="mb-0">{failure}</p>}
      </div>
    </section>
  );
}
