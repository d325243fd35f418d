/**
 * better-auth: email + password accounts and cookie sessions, stored in our database through
 * its Kysely support. The person's full name is the account's display name; the phone number is
 * kept on the same user row, so an account never exists without its profile.
 */
import { betterAuth, type BetterAuthOptions } from "better-auth";
import { APIError } from "better-auth/api";
import { parseWith, signupSchema } from "../../core/schemas";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../core/constants";
import type { Db } from "../db/database";
import type { Logger } from "../logger";

export interface AuthSettings {
  db: Db;
  logger?: Logger;
  secret: string;
  baseUrl: string;
  rateLimits?: { signInPerMinute: number; signUpPerMinute: number };
}

/** The client address, set by our HTTP layer from Express's view of the connection. */
export const CLIENT_IP_HEADER = "x-mandi-client-ip";

export function authOptions({ db, secret, baseUrl, logger, rateLimits = { signInPerMinute: 10, signUpPerMinute: 5 } }: AuthSettings) {
  return {
    logger: logger && {
      log: (level: "debug" | "info" | "warn" | "error", message: string, ...args: unknown[]) =>
        logger[level]({ args: args.length ? args : undefined, component: "better-auth" }, message),
    },
    appName: "Mandi",
    database: { db: db.kysely, type: db.dialect },
    secret,
    baseURL: baseUrl,
    emailAndPassword: {
      enabled: true,
      // Left on: with it off, better-auth answers a duplicate email with a fake success (to hide
      // which emails exist), and Mandi must tell a person their account already exists
      // (docs/decisions/003). The accounts service ends the automatic session, because the
      // specification sends a new seller to /login.
      autoSignIn: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
    },
    user: {
      additionalFields: {
        phone: { type: "string", required: true, input: true },
      },
    },
    databaseHooks: {
      // Every way into the user table (our forms, better-auth's own HTTP endpoints) passes the
      // same checks as the sign-up form, and phones are stored in one form (E.164).
      user: {
        create: { before: async (user) => ({ data: { ...user, ...checkedProfile(user, ["name", "phone"]) } }) },
        update: {
          before: async (user) => ({ data: { ...user, ...checkedProfile(user, (["name", "phone"] as const).filter((k) => k in user)) } }),
        },
      },
    },
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

export function createAuth(settings: AuthSettings) {
  return betterAuth(authOptions(settings));
}

export type Auth = ReturnType<typeof createAuth>;

const profileSchema = signupSchema.pick({ name: true, phone: true });

/** The profile fields given, checked and normalised like the sign-up form; a 400 otherwise. */
function checkedProfile(user: Record<string, unknown>, keys: ReadonlyArray<"name" | "phone">) {
  const fields = Object.fromEntries(keys.map((key) => [key, true])) as { name?: true; phone?: true };
  const parsed = parseWith(profileSchema.pick(fields), user);
  if (!parsed.ok) throw new APIError("BAD_REQUEST", { message: Object.values(parsed.errors)[0] ?? "Please check your details." });
  return parsed.data;
}
