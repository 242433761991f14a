import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends through SMTP when `SMTP_URL` is set. Otherwise each message is written as an `.eml` file
 * under `DATA_DIR/mail` and logged, so a demo user (and the browser tests) can follow its links.
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  mailDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const transport: Transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      mkdirSync(options.mailDir, { recursive: true });
      const slug = message.to.replace(/[^a-z0-9]+/gi, '_');
      const file = path.join(
        options.mailDir,
        `${Date.now()}-${process.hrtime.bigint() % 1000000n}-${slug}.eml`,
      );
      writeFileSync(file, info.message as Buffer);
      options.log.info(
        { to: message.to, subject: message.subject, file },
        'mail written to file (no SMTP_URL set)',
      );
    },
  };
}
