import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';

/** Sends one message. SMTP when SMTP_URL is set; otherwise .eml files under DATA_DIR/outbox. */
export interface MailTransport {
  send(message: Mail.Options, fileName: string): Promise<void>;
  close(): void;
}

export function smtpTransport(url: string): MailTransport {
  // Every wait ends well inside the outbox lease (EMAIL_LEASE_SECONDS, default 5 min), so a hung
  // server cannot outlive a claim and let another instance send the same message again.
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}

/** Development default: nothing leaves the machine, every message is kept as a file to open. */
export function fileTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message, fileName) {
      const info = (await transporter.sendMail(message)) as { message: Buffer };
      // Messages to buyers: the shop user's alone (ops/private-files.ts).
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const target = join(dir, fileName);
      // Write then rename: a reader never sees half a message.
      await writeFile(`${target}.tmp`, info.message, { mode: 0o600 });
      await rename(`${target}.tmp`, target);
    },
    close: () => transporter.close(),
  };
}

export function createTransport(options: { smtpUrl: string | undefined; dataDir: string }): MailTransport {
  return options.smtpUrl ? smtpTransport(options.smtpUrl) : fileTransport(join(options.dataDir, 'outbox'));
}
