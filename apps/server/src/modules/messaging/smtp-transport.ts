import nodemailer from 'nodemailer';

export interface EmailTransport {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
  close(): void;
}

/** Real e-mail delivery, used beside the outbox when SMTP_URL is set. */
export function createSmtpTransport(url: string, from: string): EmailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    send: async ({ to, subject, text }) => {
      await transporter.sendMail({ from, to, subject, text });
    },
    close: () => transporter.close(),
  };
}
