/**
 * better-auth: email + password accounts and cookie sessions, stored in our database through
 * its Kysely support. The person's full name is the account's display name; the phone number is
 * kept on the same user row, so an account never exists without its profile.
 */
import { betterAuth, type BetterAuthOptions } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { signupSchema } from "../../core/accounts/account-forms";
import { parseWith } from "../../core/shared/form-fields";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../core/shared/constants";
import type { Kysely } from "kysely";
import type { Db } from "../db/database";
import type { Database } from "../db/schema";
import { isPhoneBlocked } from "../moderation/phone-blocks.repository";
import type { Logger } from "../logger";
import { createAccountSlowDown, DEFAULT_ACCOUNT_SLOW_DOWN, type AccountSlowDownLimits } from "./account-slow-down";
import { MODERATION_MESSAGES } from "../../core/moderation/moderation";
import { createAccountsRepository, type AccountsRepository } from "./accounts.repository";
import { passwordHashing } from "./password-hashing";
import { createSignInFailuresRepository, type SignInFailuresRepository } from "./sign-in-failures.repository";

export interface AuthSettings {
  db: Db;
  logger?: Logger;
  secret: string;
  baseUrl: string;
  /** The app's repositories (timed, server/repositories.ts); made here when not given (migrations read only the schema). */
  repositories?: { accounts: AccountsRepository; signInFailures: SignInFailuresRepository };
  rateLimits?: { signInPerMinute: number; signUpPerMinute: number };
  /** Wrong passwords one account may take, from any addresses, before its sign-in waits. */
  accountSlowDown?: AccountSlowDownLimits;
  /**
   * Email verification (decision 045), when mail can be sent: `send` queues the link for the
   * person (at sign-up, and when they ask), `verified` runs once an address confirmed one.
   */
  emailVerification?: {
    send: (user: { id: string; email: string }, request?: Request) => Promise<void>;
    verified: (user: { id: string; email: string }) => Promise<void>;
  };
  /** The services' clock: an account is dated by it, as a listing is (so the demo's sellers join before they list). */
  now?: () => number;
  /**
   * "Forgot password?" (decision 052), when mail can be sent: `send` queues the link (better-auth
   * made its single-use token); `takeAddressTurn` counts one ask for an address, across workers,
   * and says how long to wait when it is past its limit (null: it may go ahead).
   */
  passwordReset?: {
    send: (user: { id: string; email: string }, token: string, request?: Request) => Promise<void>;
    takeAddressTurn: (email: string) => Promise<number | null>;
  };
}

/** How long a password-reset link works: long enough to open the mail, short enough that an old inbox is no key. */
export const RESET_LINK_SECONDS = 30 * 60;
/**
 * Every answer to "send me a link" takes at least this long, so a known address (a token saved,
 * a mail queued) cannot be told from an unknown one by the time it takes.
 */
export const RESET_ANSWER_FLOOR_MS = 400;
/** Reset links one email address may be sent an hour, whoever asks: asking cannot flood an inbox. */
export const PASSWORD_RESETS_PER_ADDRESS_PER_HOUR = 3;
/** The error code of a reset link asked for an address past its limit (decision 052). */
export const RESET_ADDRESS_LIMITED = "RESET_ADDRESS_LIMITED";

/** How long a link that confirms an address works: village inboxes are not read every hour. */
export const VERIFY_LINK_SECONDS = 3 * 24 * 60 * 60;

/** The client address, set by our HTTP layer from Express's view of the connection. */
export const CLIENT_IP_HEADER = "x-mandi-client-ip";
/**
 * The origin the request was made to (scheme, host, port), set by our HTTP layer as Express
 * resolves it under TRUST_PROXY, so better-auth's origin check trusts what ours does.
 */
export const REQUEST_ORIGIN_HEADER = "x-mandi-request-origin";
/** The error code of a sign-in refused because the account is banned. */
export const ACCOUNT_BANNED = "ACCOUNT_BANNED";

export function authOptions({
  db,
  secret,
  baseUrl,
  logger,
  repositories = { accounts: createAccountsRepository(db.kysely), signInFailures: createSignInFailuresRepository(db.kysely) },
  rateLimits = { signInPerMinute: 10, signUpPerMinute: 5 },
  accountSlowDown = DEFAULT_ACCOUNT_SLOW_DOWN,
  emailVerification,
  now,
  passwordReset,
}: AuthSettings) {
  const slowDown = createAccountSlowDown(repositories.signInFailures, accountSlowDown);
  const { accounts } = repositories;
  // When each "send me a link" began (keyed by its endpoint context, the same object in the before and after hooks).
  const resetAskedAt = new WeakMap<object, number>();
  return {
    logger: logger && {
      log: (level: "debug" | "info" | "warn" | "error", message: string, ...args: unknown[]) =>
        logger[level]({ args: args.length ? args : undefined, component: "better-auth" }, message),
    },
    appName: "Mandi",
    database: { db: db.kysely, type: db.dialect },
    secret,
    baseURL: baseUrl,
    // BASE_URL's origin is trusted already; behind a proxy, also the origin the request was made to.
    trustedOrigins: (request?: Request) => [request?.headers.get(REQUEST_ORIGIN_HEADER) || undefined],
    emailAndPassword: {
      enabled: true,
      // Left on: with it off, better-auth answers a duplicate email with a fake success (to hide
      // which emails exist), and Mandi must tell a person their account already exists
      // (docs/decisions/003). The accounts service ends the automatic session, because the
      // specification sends a new seller to /login.
      autoSignIn: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // better-auth's scrypt, one hash at a time per process: 32 MB each (decision 041).
      password: passwordHashing,
      // "Forgot password?" (decision 052): better-auth's own single-use token (consumed by the
      // reset), its same answer for known and unknown addresses, and every session ended.
      ...(passwordReset && {
        resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
        revokeSessionsOnPasswordReset: true,
        sendResetPassword: async ({ user, token }: { user: { id: string; email: string }; token: string }, request?: Request) =>
          passwordReset.send(user, token, request),
      }),
    },
    // better-auth's own verification (decision 045): the link is sent at sign-up and on request;
    // sign-in never waits for it (the specification's sign-up is unchanged). Alert mail waits.
    ...(emailVerification && {
      emailVerification: {
        sendOnSignUp: true,
        expiresIn: VERIFY_LINK_SECONDS,
        sendVerificationEmail: async ({ user }: { user: { id: string; email: string } }, request?: Request) =>
          emailVerification.send(user, request),
        afterEmailVerification: async (user: { id: string; email: string }) => emailVerification.verified(user),
      },
    }),
    user: {
      additionalFields: {
        phone: { type: "string", required: true, input: true },
        // Moderation (decision 014). Never from input: sign-up and update-user refuse them, so
        // only server/moderation (and `npm run admin:grant`) can make someone staff or ban them.
        role: { type: "string", required: false, defaultValue: "person", input: false },
        banned: { type: "boolean", required: false, defaultValue: false, input: false },
        banReason: { type: "string", required: false, input: false },
      },
    },
    databaseHooks: {
      // Every way into the user table (our forms, better-auth's own HTTP endpoints) passes the
      // same checks as the sign-up form: clean text (core/shared/text), phones in one form (E.164).
      user: {
        create: {
          before: async (user) => {
            const profile = checkedProfile(user, PROFILE_FIELDS);
            await refuseBlockedPhone(db.kysely, profile.phone);
            return { data: { ...user, ...profile, ...(now && { createdAt: new Date(now()), updatedAt: new Date(now()) }) } };
          },
        },
        // update-user passes the fields it was not given as undefined: check only those given.
        update: {
          before: async (user) => {
            const profile = checkedProfile(
              user,
              PROFILE_FIELDS.filter((k) => user[k] !== undefined),
            );
            await refuseBlockedPhone(db.kysely, profile.phone);
            return { data: { ...user, ...profile } };
          },
        },
      },
      // A banned person gets no new session, whichever way they sign in (decision 014); the ban
      // itself ended the sessions they had.
      session: {
        create: {
          before: async (session) => {
            if (await accounts.isBanned(session.userId))
              throw new APIError("FORBIDDEN", { message: MODERATION_MESSAGES.banned, code: ACCOUNT_BANNED });
          },
        },
      },
    },
    hooks: {
      // A wrong current password on change-password is a guess at the account's password like a
      // wrong one at sign-in: both count towards the same per-account slow-down.
      before: createAuthMiddleware(async (ctx) => {
        if (holdsNulToLookUp(ctx.body) || holdsNulToLookUp(ctx.query)) throw new APIError("BAD_REQUEST", { message: NUL_MESSAGE });
        if (ctx.path === "/sign-in/email") await slowDown.checkAttempt(ctx.body);
        if (ctx.path === "/change-password") await slowDown.checkAttempt({ email: await sessionEmail(ctx) });
        if (ctx.path === "/request-password-reset" && passwordReset) {
          resetAskedAt.set(ctx.context, Date.now());
          const email = typeof ctx.body?.email === "string" ? ctx.body.email.trim().toLowerCase() : "";
          // Counted for any address, known or not, so the limit itself tells nothing.
          const wait = email ? await passwordReset.takeAddressTurn(email) : null;
          if (wait !== null) {
            await untilFloor(resetAskedAt.get(ctx.context));
            throw new APIError(
              "TOO_MANY_REQUESTS",
              { message: RESET_LIMITED_MESSAGE, code: RESET_ADDRESS_LIMITED },
              { "Retry-After": String(wait) },
            );
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        if (ctx.path === "/change-password" && isAPIError(returned) && returned.body?.code === "INVALID_PASSWORD") {
          await slowDown.recordOutcome({ email: await sessionEmail(ctx) }, "failed");
        }
        if (ctx.path === "/request-password-reset") await untilFloor(resetAskedAt.get(ctx.context));
        if (ctx.path !== "/sign-in/email") return;
        if (!isAPIError(returned)) await slowDown.recordOutcome(ctx.body, "succeeded");
        else if (returned.statusCode === 401) await slowDown.recordOutcome(ctx.body, "failed");
      }),
    },
    // Mandi lists no sessions, and this endpoint answers with every session's raw token, enough
    // to act as the person from anywhere (issue 9, finding 8).
    disabledPaths: ["/list-sessions"],
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      // Counters live in the database so every app instance sees the same ones.
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: rateLimits.signInPerMinute },
        "/sign-up/email": { window: 60, max: rateLimits.signUpPerMinute },
        // The current password can be guessed here too (the account page, or this endpoint).
        "/change-password": { window: 60, max: rateLimits.signInPerMinute },
        // Each link is a mail to someone's inbox (decision 045); the job also caps them per address a day.
        // Generous per client address (villages share one behind carrier NAT).
        "/send-verification-email": { window: 300, max: 10 },
        // Reset links (decision 052), per client address, generous for a shared address; each
        // address also has its own limit (passwordReset.takeAddressTurn). Tries of a token too.
        "/request-password-reset": { window: 900, max: 10 },
        "/reset-password": { window: 60, max: 10 },
      },
    },
    advanced: {
      useSecureCookies: baseUrl.startsWith("https:"),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    // A failure that is not better-auth's own (a database down, a disk full) reaches our error
    // handling as itself, not as a bare 500, so it can be answered 503 (server/unavailable.ts).
    onAPIError: { throw: true },
  } satisfies BetterAuthOptions;
}

/** Shown when an address has had its reset links for now (decision 052); the same for every address. */
export const RESET_LIMITED_MESSAGE =
  "Several links were sent to this address a short while ago. Please use the newest one, or try again in an hour.";

/** Waits until RESET_ANSWER_FLOOR_MS after `since`. */
async function untilFloor(since: number | undefined): Promise<void> {
  const left = since === undefined ? 0 : since + RESET_ANSWER_FLOOR_MS - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

/** Whose session sent this request, without extending it (the endpoint itself decides that). */
async function sessionEmail(ctx: Parameters<typeof getSessionFromCtx>[0]): Promise<string | undefined> {
  return (await getSessionFromCtx(ctx, { disableRefresh: true }))?.user.email;
}

export function createAuth(settings: AuthSettings) {
  return betterAuth(authOptions(settings));
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Fields whose NUL is dealt with: the profile's are cleaned (checkedProfile), a picture refused,
 * passwords hashed as typed. Any other text better-auth takes is something it looks up (a
 * session's or a password reset's token), and PostgreSQL refuses a NUL in text: a 500.
 */
const NUL_HANDLED = new Set(["name", "email", "phone", "image", "password", "currentPassword", "newPassword"]);
const NUL_MESSAGE = "This request holds a character that cannot be read. Please send it again from the page.";

/** Whether a request's body or query holds a NUL (in a key, or in text outside NUL_HANDLED), however deep. */
function holdsNulToLookUp(value: unknown, key = "", depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000") && !NUL_HANDLED.has(key);
  if (value === null || typeof value !== "object" || depth > 8) return false;
  return Object.entries(value).some(([k, v]) => k.includes("\u0000") || holdsNulToLookUp(v, k, depth + 1));
}

/**
 * A number scam reports blocked (decision 056) is on no new account and is no account's new
 * number; the same check phone verification makes (`isPhoneBlocked`).
 */
async function refuseBlockedPhone(db: Kysely<Database>, phone: string | undefined): Promise<void> {
  if (phone !== undefined && (await isPhoneBlocked(db, phone)))
    throw new APIError("BAD_REQUEST", { message: MODERATION_MESSAGES.phoneBlockedForAccount, field: "phone" });
}

const PROFILE_FIELDS = ["name", "email", "phone"] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];
const profileSchema = signupSchema.pick({ name: true, email: true, phone: true });

/**
 * The profile fields given, cleaned and checked like the sign-up form; otherwise a 400 whose
 * message and `field` name the field at fault.
 */
function checkedProfile(user: Record<string, unknown>, keys: readonly ProfileField[]) {
  // Mandi shows no profile pictures, so it keeps no picture address a client might send.
  if (user.image !== undefined && user.image !== null) {
    throw new APIError("BAD_REQUEST", { message: "Mandi does not keep profile pictures. Please leave the picture out.", field: "image" });
  }
  const fields = Object.fromEntries(keys.map((key) => [key, true])) as Partial<Record<ProfileField, true>>;
  const parsed = parseWith(profileSchema.pick(fields), user);
  if (!parsed.ok) {
    const [field, message] = Object.entries(parsed.errors)[0] ?? ["form", "Please check your details."];
    throw new APIError("BAD_REQUEST", { message, field });
  }
  return parsed.data;
}
