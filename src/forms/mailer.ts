/** One plain-text email. */
export interface MailMessage {
  to: string[];
  from: string;
  subject: string;
  text: string;
  replyTo?: string;
}

/** Sends email; rejects when the message was not accepted. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * The part of Cloudflare's `send_email` binding (`SendEmail`) this uses: the
 * structured `send({ to, from, subject, text, replyTo })` of Email Service.
 */
export interface SendEmailBinding {
  send(message: { to: string[]; from: string; subject: string; text: string; replyTo?: string }): Promise<unknown>;
}

/**
 * A mailer over a Cloudflare `send_email` binding (wrangler:
 * `"send_email": [{ "name": "SEND_EMAIL" }]`), through its structured
 * `send()`, so no MIME is built here. The binding rejects when the sender
 * is not allowed or the message is refused; that rejection is the failure
 * the form route reports.
 */
export function sendEmailMailer(binding: SendEmailBinding): Mailer {
  if (typeof binding?.send !== 'function') throw new TypeError('sendEmailMailer: expected a send_email binding (an object with send()).');
  return {
    async send(message) {
      const { to, from, subject, text, replyTo } = message;
      await binding.send(replyTo === undefined ? { to, from, subject, text } : { to, from, subject, text, replyTo });
    },
  };
}

/**
 * A mailer for a developer's machine: writes the whole message to the
 * console (`console.info`, one block) instead of sending it, so the email a
 * form would send can be read in the `npm start` terminal. The route uses
 * it on localhost when no mailer or binding is configured.
 */
export function localMailer(log: (text: string) => void = (text) => console.info(text)): Mailer {
  return {
    async send(message) {
      const lines = [
        '── louise: email (local mailer: shown here, not sent) ──',
        `From: ${message.from}`,
        `To: ${message.to.join(', ')}`,
        ...(message.replyTo ? [`Reply-To: ${message.replyTo}`] : []),
        `Subject: ${message.subject}`,
        '',
        message.text,
        '── end of email ──',
      ];
      log(lines.join('\n'));
    },
  };
}
