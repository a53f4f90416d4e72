import { maskEmail, maskPhone } from '../directory';
import type { OtpService } from '../identity';
import type { MessagingService } from '../messaging';
import type { CodeDevice } from './banking.store';

/** Where an approval code went: the channel, and the address masked as the customer sees it. */
export interface ApprovalCodeSent {
  channel: 'email' | 'sms';
  destination: string;
}

/**
 * Issue 12 §3: the one-time code that approves money leaving above the approval threshold, for a
 * customer without an activated phone app. The code service issues it (only its keyed hash is
 * stored; single use, five minutes, five attempts; a new one retires the earlier ones of the same
 * purpose and reference), then it goes to the customer's e-mail or SMS sign-in device. Transfers
 * and pay by bank (issue 16 §2) send theirs through here, each with its own purpose and words;
 * the caller verifies with `otp.verify` under the same purpose and reference.
 */
export async function sendApprovalCode(
  deps: { otp: OtpService; messaging: Pick<MessagingService, 'send'> },
  input: {
    userId: string;
    purpose: string;
    reference: string;
    device: CodeDevice;
    subject: string;
    /** The message's text, with the code in it. */
    text: (code: string) => string;
  },
): Promise<ApprovalCodeSent> {
  const code = await deps.otp.issue({
    userId: input.userId,
    purpose: input.purpose,
    reference: input.reference,
  });
  const body = input.text(code);
  const { device } = input;
  const email = device.type === 'Email';
  await deps.messaging.send(
    email
      ? {
          channel: 'email',
          to: device.target,
          subject: input.subject,
          body,
          code,
          userId: input.userId,
        }
      : { channel: 'sms', to: device.target, body, code, userId: input.userId },
  );
  return {
    channel: email ? 'email' : 'sms',
    destination: email ? maskEmail(device.target) : maskPhone(device.target),
  };
}
