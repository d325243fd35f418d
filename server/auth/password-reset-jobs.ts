/**
 * "Forgot password?" (decision 052): the mail with the link that sets a new password leaves from
 * a job, like every mail (server/mail/mailer.ts), so the answer to "send me a link" never waits
 * on an SMTP server and takes as long for an address with an account as for one without.
 * better-auth made the token and keeps it (single-use, 30 minutes); the job table holds it only
 * sealed with the auth secret, so a copy of that table is no key to anyone's account.
 */
import { z } from "zod";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { isLanguage, type Language } from "../../core/i18n/languages";
import { defineJob } from "../jobs/define-job";
import type { Logger } from "../logger";
import { composeResetMail } from "../mail/alert-mail";
import { isPermanentRejection, smtpFailure, type Mailer } from "../mail/mailer";
import type { AccountsRepository } from "./accounts.repository";

/** Where the link lands: the form that sets the new password (app/routes/reset-password.tsx). */
export const RESET_PASSWORD_PATH = "/reset-password";

export interface PasswordResetMailDeps {
  accounts: Pick<AccountsRepository, "findPerson">;
  mailer: Mailer;
  secret: string;
  baseUrl: string;
  logger: Logger;
}

export const sealResetToken = (secret: string, token: string) => symmetricEncrypt({ key: secret, data: token });

export const emailPasswordResetJob = defineJob({
  kind: "email-password-reset",
  // `sealed`: better-auth's token, sealed (sealResetToken); `language`: the asking page's.
  payload: z.object({ userId: z.string(), sealed: z.string(), language: z.string() }),
  async handle(payload, deps: PasswordResetMailDeps) {
    const person = await deps.accounts.findPerson({ id: payload.userId });
    // The account was deleted meanwhile: nobody to write to.
    if (!person) return;
    const token = await symmetricDecrypt({ key: deps.secret, data: payload.sealed });
    const language: Language = isLanguage(payload.language) ? payload.language : "en";
    const resetUrl = `${deps.baseUrl.replace(/\/+$/, "")}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}&lang=${language}`;
    try {
      await deps.mailer.send(composeResetMail({ to: person.email, language, resetUrl }));
    } catch (error) {
      // An address the mail server refuses for good is not tried again; anything else is retried.
      if (!isPermanentRejection(error)) throw smtpFailure(error);
      deps.logger.warn({ error: smtpFailure(error).message }, "a password-reset mail was refused for good");
    }
  },
});
