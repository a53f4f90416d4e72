import { toDataURL } from 'qrcode';
import { qrCodeRequestSchema, type QrCodeResponse } from '@anybank/contracts';
import { definePolicy } from '../policy';

/**
 * QR code (document 1 §4.4, §7): the authenticator-app pairing's `otpauth://totp/` URI as a
 * PNG data URL, drawn here so that the seed never leaves the bank for a QR service.
 */
export function createQrCodePolicy() {
  return definePolicy({
    name: 'QR_CODE',
    access: 'widget',
    input: qrCodeRequestSchema,
    async run(input): Promise<QrCodeResponse> {
      const qrCode = await toDataURL(input.keyUri, {
        type: 'image/png',
        errorCorrectionLevel: 'M',
        margin: 2,
        width: 256,
      });
      return { additionalProperties: { qrCode } };
    },
  });
}
