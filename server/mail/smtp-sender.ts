import nodemailer from 'nodemailer';
import type { MailSender } from './outbox';

/** A sender through the SMTP server of SMTP_URL (`smtp://user:pass@host:587`, `smtps://…:465`). */
export function createSmtpSender(smtpUrl: string, from: string): MailSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return async (mail) => {
    await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
  };
}
