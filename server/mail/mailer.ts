/**
 * Sends mail through the operator's SMTP server (SMTP_URL, MAIL_FROM) with nodemailer (decision
 * 026). Mail only ever leaves from a job, never from a page or a listing's save, and every wait
 * is bounded: a slow or silent server fails the attempt, and the job queue tries again later.
 */
import nodemailer from "nodemailer";

/** Waits for the SMTP server: to connect, for its greeting, and for any answer once talking. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000, dnsTimeout: 10_000 } as const;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /** Content-Language: "en" or "hi". */
  language: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createMailer(
  settings: { smtpUrl: string; from: string },
  timeouts: Partial<Record<keyof typeof SMTP_TIMEOUTS, number>> = {},
): Mailer {
  // Pooled (decision 030): one connection (and its TLS handshake) carries up to 100 emails, rather
  // than one each; the daily digest sends thousands an hour. A connection the server closed
  // while idle is opened again at the next email.
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    pool: true,
    maxConnections: 2,
    maxMessages: 100,
    ...SMTP_TIMEOUTS,
    ...timeouts,
  });
  return {
    async send(mail) {
      await transport.sendMail({
        from: settings.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { ...mail.headers, "Content-Language": mail.language },
      });
    },
    close: () => transport.close(),
  };
}

/**
 * True when the SMTP server refused the recipient's address for good: a 5xx reply to RCPT TO,
 * which nodemailer gives as `responseCode` with `command: "RCPT TO"`. Such an address is not
 * tried again. Any other refusal is ours to fix, not the address's fault, and must not silence
 * it: a 5xx to AUTH (a wrong password), to MAIL FROM or to DATA (content) fails the job, which
 * retries and, failing for good, shows on the Failed jobs page. A 4xx reply, a refused
 * connection or a timeout is temporary: retried.
 */
export function isPermanentRejection(error: unknown): boolean {
  const { responseCode, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown };
  return typeof responseCode === "number" && responseCode >= 500 && responseCode < 600 && command === "RCPT TO";
}

/**
 * What is logged and kept of a failed send: the SMTP step, reply code and error code only.
 * nodemailer's own message and fields repeat the server's reply and the recipient's address,
 * which must not outlive the person's account in logs or in the job's last error.
 */
export function smtpFailure(error: unknown): Error {
  const { responseCode, command, code } = (error ?? {}) as { responseCode?: unknown; command?: unknown; code?: unknown };
  const parts = [
    typeof command === "string" ? command : null,
    typeof responseCode === "number" ? String(responseCode) : null,
    typeof code === "string" ? code : null,
  ].filter(Boolean);
  const what = command === "CONN" ? "could not connect to the mail server" : "the mail server did not take the email";
  return Object.assign(new Error(`${what} (${parts.join(" ") || "no reply"})`), { responseCode, command, code });
}
