/**
 * A phone number verified by a one-time code (issue 43, decision 058). A signed-in person asks
 * for a code to the number on their account; it is six digits from a cryptographic random source,
 * valid for ten minutes and five tries, kept only as an HMAC under the server's secret, and
 * compared in constant time. A resend waits a minute. Sends are counted per number, per account,
 * per client address and in all, per day, on the shared counters (every worker and instance), so
 * SMS pumping cannot run up a bill. Five wrong codes lock the number for an hour. A send the
 * provider does not take leaves no code behind (it still counts towards the day's limits).
 *
 * Neither a number nor a code goes into an error message, a log line, a metric or a trace: the
 * counters and the lock key the number by HMAC.
 */
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { requireActor, type Actor } from "../../core/accounts/policies";
import { AppError } from "../../core/shared/app-error";
import { MODERATION_MESSAGES } from "../../core/moderation/moderation";
import type { Language } from "../../core/i18n/languages";
import { normalisePhone } from "../../core/shared/phone";
import type { Database } from "../db/schema";
import type { Logger } from "../logger";
import { clientSubject } from "../rate-counter/client-subject";
import type { RateCounter } from "../rate-counter/rate-counter";
import { SmsNotSent, type SmsSender } from "../sms/sms-sender";
import type { PhoneVerificationRepository } from "./phone-verification.repository";

export const CODE_VALID_MS = 10 * 60_000;
export const CODE_TRIES = 5;
export const RESEND_WAIT_MS = 60_000;
export const LOCK_MS = 60 * 60_000;
const DAY_SECONDS = 24 * 3600;

export interface SmsLimits {
  perPhonePerDay: number;
  perAccountPerDay: number;
  perAddressPerDay: number;
  perDay: number;
}

/** What the page shows: verified (and since when), a code waiting, or neither. */
export interface PhoneVerificationStatus {
  /** False in production without a provider: the page says verification is not available. */
  available: boolean;
  phone: string;
  verifiedAt: number | null;
  /** A code was sent to this number and may still be entered. */
  codeSent: boolean;
  /** Epoch ms from when another code may be asked for. */
  resendAt: number | null;
}

export const PHONE_MESSAGES = {
  unavailable: "Phone verification is not available on this site right now.",
  notIndian: "We can verify only Indian mobile numbers (+91). Please change your number first.",
  alreadyVerified: "Your phone number is already verified.",
  locked: "Too many wrong codes for this number. Please try again after an hour.",
  resendWait: "We sent you a code less than a minute ago. Please wait a minute before asking for another.",
  tooManyForNumber: "Too many codes were sent to this number today. Please try again tomorrow.",
  tooManyForAccount: "You have asked for too many codes today. Please try again tomorrow.",
  tooManyForAddress: "Too many codes were asked for from your connection today. Please try again tomorrow.",
  tooManyInAll: "We cannot send more codes today. Please try again tomorrow.",
  notSent: "We could not send the SMS. Please try again in a minute.",
  noCode: "Please ask for a code first.",
  expired: "That code has expired. Please ask for a new one.",
  used: "That code has already been used. Please ask for a new one.",
  numberChanged: "Your number changed after the code was sent. Please ask for a new code.",
  wrong: "That code is not right. You can try {{left}} more times.",
  wrongLast: "That code is not right. You can try 1 more time.",
  wrongLocked: "That code is not right, five times now. This number is locked for an hour.",
} as const;

export function createPhoneVerificationService(deps: {
  repository: PhoneVerificationRepository;
  counter: RateCounter;
  /** Null: no provider in production. */
  sender: SmsSender | null;
  secret: string;
  limits: SmsLimits;
  logger: Logger;
  /** Whether scam reports blocked the number (decision 056): a blocked number is never verified. */
  isBlocked: (phone: string) => Promise<boolean>;
  /**
   * Told in the verification's own transaction that a person's phone is verified now: their
   * listings waiting for it go live (REQUIRE_VERIFIED_PHONE, decision 061). A failure there
   * verifies nothing, so no listing is left waiting behind a verified phone.
   */
  onVerified?: (userId: string, within: Kysely<Database>) => Promise<void>;
  /** Told in the same transaction that a person's number is no longer verified (it changed). */
  onUnverified?: (userId: string, within: Kysely<Database>) => Promise<void>;
  now?: () => number;
}) {
  const { repository, counter, sender, secret, limits, logger } = deps;
  const now = deps.now ?? Date.now;
  const keyed = (purpose: string, value: string) => createHmac("sha256", secret).update(`${purpose}:${value}`).digest("hex");
  // The code is bound to the account and the number: another account's code never matches.
  const codeHash = (userId: string, phone: string, code: string) => keyed("phone-code", `${userId}:${phone}:${code}`);
  const phoneKey = (phone: string) => keyed("phone", phone).slice(0, 32);

  /** The account's number as stored now, normalised; refused when it is not an Indian mobile. */
  async function numberOf(actor: Actor): Promise<string> {
    const stored = await repository.currentPhone(actor.id);
    const phone = stored ? normalisePhone(stored) : undefined;
    if (!phone) throw new AppError("BAD_INPUT", PHONE_MESSAGES.notIndian);
    return phone;
  }

  async function refuseIfBlocked(phone: string) {
    if (await deps.isBlocked(phone)) throw new AppError("FORBIDDEN", MODERATION_MESSAGES.phoneBlockedForAccount);
  }

  async function refuseIfLocked(phone: string, at: number) {
    if (await repository.lockedUntil(phoneKey(phone), at)) throw new AppError("RATE_LIMITED", PHONE_MESSAGES.locked);
  }

  /** Counts one send against each daily limit, the narrowest first, stopping at the first that is spent. */
  async function takeSendTurn(actor: Actor, phone: string, address: string) {
    const turns: Array<[key: string, limit: number, message: string]> = [
      [`sms-address:${clientSubject(address)}`, limits.perAddressPerDay, PHONE_MESSAGES.tooManyForAddress],
      [`sms-account:${actor.id}`, limits.perAccountPerDay, PHONE_MESSAGES.tooManyForAccount],
      [`sms-phone:${phoneKey(phone)}`, limits.perPhonePerDay, PHONE_MESSAGES.tooManyForNumber],
      ["sms-all", limits.perDay, PHONE_MESSAGES.tooManyInAll],
    ];
    for (const [key, limit, message] of turns) {
      const { hits } = await counter.hit(key, DAY_SECONDS);
      if (hits > limit) throw new AppError("RATE_LIMITED", message);
    }
  }

  return {
    available: sender !== null,

    async status(actor: Actor | null): Promise<PhoneVerificationStatus> {
      requireActor(actor);
      const stored = (await repository.currentPhone(actor.id)) ?? "";
      const [verified, code] = await Promise.all([repository.findVerified(actor.id), repository.findCode(actor.id)]);
      const at = now();
      const codeSent = Boolean(code && code.phone === stored && code.usedAt === null && code.expiresAt > at && code.tries < CODE_TRIES);
      return {
        available: sender !== null,
        phone: stored,
        verifiedAt: verified && verified.phone === stored ? verified.verifiedAt : null,
        codeSent,
        resendAt: code && code.usedAt === null && code.sentAt + RESEND_WAIT_MS > at ? code.sentAt + RESEND_WAIT_MS : null,
      };
    },

    /** Sends a new code to the account's number. */
    async sendCode(options: { actor: Actor | null; address: string; language: Language }): Promise<void> {
      const { actor, address, language } = options;
      requireActor(actor);
      if (!sender) throw new AppError("UNAVAILABLE", PHONE_MESSAGES.unavailable);
      const phone = await numberOf(actor);
      // Before any code is made or sent: a number blocked for scams is never verified (decision 056).
      await refuseIfBlocked(phone);
      const verified = await repository.findVerified(actor.id);
      if (verified?.phone === phone) throw new AppError("CONFLICT", PHONE_MESSAGES.alreadyVerified);
      const at = now();
      await refuseIfLocked(phone, at);
      const last = await repository.findCode(actor.id);
      // Checked before the counters, so pressing "Send" again and again spends no day's turn.
      if (last && last.usedAt === null && last.sentAt > at - RESEND_WAIT_MS) throw new AppError("RATE_LIMITED", PHONE_MESSAGES.resendWait);
      await takeSendTurn(actor, phone, address);
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      const kept = await repository.replaceCode(
        actor.id,
        { phone, codeHash: codeHash(actor.id, phone, code), sentAt: at, expiresAt: at + CODE_VALID_MS },
        at - RESEND_WAIT_MS,
      );
      if (!kept) throw new AppError("RATE_LIMITED", PHONE_MESSAGES.resendWait);
      try {
        await sender.send({ to: phone, code, language });
      } catch (error) {
        // No code half-made: the one nobody received is forgotten, so it is not "sent" and its
        // minute's wait does not apply; the send still counted towards the day's limits.
        await repository.deleteCode(actor.id, at);
        if (!(error instanceof SmsNotSent)) throw error;
        logger.warn({ provider: sender.name, reason: error.reason }, "a verification code could not be sent by SMS");
        throw new AppError("UNAVAILABLE", PHONE_MESSAGES.notSent);
      }
    },

    /** Checks a code typed by the person; on success their number is verified from now. */
    async verifyCode(options: { actor: Actor | null; code: string }): Promise<{ verifiedAt: number }> {
      const { actor } = options;
      requireActor(actor);
      const phone = await numberOf(actor);
      await refuseIfBlocked(phone);
      const at = now();
      await refuseIfLocked(phone, at);
      const stored = await repository.findCode(actor.id);
      if (!stored) throw new AppError("BAD_INPUT", PHONE_MESSAGES.noCode, { field: "code" });
      if (stored.usedAt !== null) throw new AppError("CONFLICT", PHONE_MESSAGES.used, { field: "code" });
      if (stored.phone !== phone) throw new AppError("CONFLICT", PHONE_MESSAGES.numberChanged, { field: "code" });
      if (stored.expiresAt <= at) throw new AppError("GONE", PHONE_MESSAGES.expired, { field: "code" });
      if (stored.tries >= CODE_TRIES) throw new AppError("RATE_LIMITED", PHONE_MESSAGES.locked, { field: "code" });
      const given = Buffer.from(codeHash(actor.id, phone, options.code), "hex");
      const expected = Buffer.from(stored.codeHash, "hex");
      if (given.length === expected.length && timingSafeEqual(given, expected)) {
        // Two requests with the right code at once: the update lets one through.
        const goLive = deps.onVerified && ((trx: Kysely<Database>) => deps.onVerified!(actor.id, trx));
        if (!(await repository.useCode(actor.id, stored.sentAt, phone, at, CODE_TRIES, goLive)))
          throw new AppError("CONFLICT", PHONE_MESSAGES.used, { field: "code" });
        return { verifiedAt: at };
      }
      const tries = await repository.countWrongTry(actor.id, stored.sentAt, CODE_TRIES);
      if (tries === null) throw new AppError("CONFLICT", PHONE_MESSAGES.used, { field: "code" });
      if (tries >= CODE_TRIES) {
        await repository.lock(phoneKey(phone), at + LOCK_MS, at);
        throw new AppError("RATE_LIMITED", PHONE_MESSAGES.wrongLocked, { field: "code" });
      }
      const left = CODE_TRIES - tries;
      throw new AppError("BAD_INPUT", left === 1 ? PHONE_MESSAGES.wrongLast : PHONE_MESSAGES.wrong.replace("{{left}}", String(left)), {
        field: "code",
      });
    },

    /** Sellers among `userIds` with a verified number (still their number), and since when. */
    verifiedSellers: (userIds: readonly string[]) => repository.verifiedAmong(userIds),

    /** The person changed their number: it is no longer verified (and, with the switch on, their listings wait again). */
    forgetNumber: (userId: string) => repository.forget(userId, deps.onUnverified && ((trx) => deps.onUnverified!(userId, trx))),
  };
}

export type PhoneVerificationService = ReturnType<typeof createPhoneVerificationService>;
