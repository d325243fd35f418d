/**
 * Sign-up, sign-in, sign-out, "who is this", and the account page's changes (name, phone,
 * password) for loaders and actions.
 *
 * Sign-up and sign-in go through better-auth's HTTP handler, not its direct API: the handler is
 * where its rate limiter runs, so our forms and its /api/auth endpoints share one set of limits.
 */
import { getSessionCookie } from "better-auth/cookies";
import { AppError } from "../../core/shared/app-error";
import { MESSAGES } from "../../core/i18n/messages";
import type { LoginInput, SignupInput } from "../../core/accounts/account-forms";
import { MODERATION_MESSAGES } from "../../core/moderation/moderation";
import { roleOf, type Role } from "../../core/accounts/roles";
import { ACCOUNT_SLOWED_DOWN } from "./account-slow-down";
import { ACCOUNT_BANNED, CLIENT_IP_HEADER, RESET_ADDRESS_LIMITED, type Auth } from "./auth";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  phone: string;
  /** Staff may moderate (decision 014). */
  role: Role;
  /** The address's owner followed a link sent to it (decision 045): only then is alert email sent. */
  emailVerified: boolean;
  /**
   * The better-auth session's id (not its token; never sent to a page): what a phone's push
   * subscription is bound to (decision 027).
   */
  sessionId: string;
}

/** Request headers better-auth needs to see: who (cookie), from where (client address). */
const FORWARDED_HEADERS = ["cookie", "accept-language", "user-agent", CLIENT_IP_HEADER];

export function createAccountsService(
  auth: Auth,
  options: {
    baseUrl: string;
    /**
     * A password change ends every session, the one it was made from too, and signs that browser
     * in with a new one: what was bound to the old session (a phone's push subscription, decision
     * 027) moves to the new one, so the person's own phone keeps its notifications.
     */
    onSessionReplaced?: (fromSessionId: string, toSessionId: string) => Promise<void>;
    /** Whether mail can be sent (SMTP_URL and MAIL_FROM): without it there is no link to send. */
    sendsMail?: boolean;
  },
) {
  const origin = new URL(options.baseUrl).origin;

  async function post(path: string, body: unknown, requestHeaders: Headers, field: string): Promise<Response> {
    const headers = new Headers({ "content-type": "application/json", origin });
    for (const name of FORWARDED_HEADERS) {
      const value = requestHeaders.get(name);
      if (value) headers.set(name, value);
    }
    const response = await auth.handler(new Request(`${origin}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) }));
    if (!response.ok) throw await toAppError(response, field);
    return response;
  }

  return {
    /** Creates the account and its profile; the person is not signed in (they go to /login). */
    async signUp(input: SignupInput, requestHeaders: Headers): Promise<{ id: string }> {
      const response = await post("/sign-up/email", input, requestHeaders, "email");
      const { token, user } = (await response.json()) as { token: string | null; user: { id: string } };
      if (token) await (await auth.$context).internalAdapter.deleteSession(token);
      return { id: user.id };
    },

    /** Returns the Set-Cookie headers of the new session. */
    async signIn(input: Pick<LoginInput, "email" | "password">, requestHeaders: Headers): Promise<Headers> {
      const response = await post("/sign-in/email", { email: input.email, password: input.password }, requestHeaders, "form");
      return setCookiesOf(response);
    },

    /** Returns the headers that clear the session cookie. Signing out twice is harmless. */
    async signOut(requestHeaders: Headers): Promise<Headers> {
      const { headers } = await auth.api
        .signOut({ headers: requestHeaders, returnHeaders: true })
        .catch(() => ({ headers: new Headers() }));
      return headers;
    },

    /**
     * Changes the signed-in person's name or phone (checked again by the profile hooks in
     * auth.ts). Returns the Set-Cookie headers better-auth sends with it.
     */
    async updateProfile(changes: { name: string } | { phone: string }, requestHeaders: Headers): Promise<Headers> {
      const response = await post("/update-user", changes, requestHeaders, Object.keys(changes)[0]!);
      return setCookiesOf(response);
    },

    /**
     * Changes the signed-in person's password and ends every session of theirs: better-auth
     * replaces them all with one new session, whose cookie the returned headers carry, so the
     * person stays signed in here and nowhere else. A wrong current password is a message beside
     * that field, and counts towards the account's sign-in slow-down (auth.ts).
     */
    async changePassword(input: { currentPassword: string; newPassword: string }, requestHeaders: Headers): Promise<Headers> {
      const body = { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true };
      const before = options.onSessionReplaced
        ? await auth.api.getSession({ headers: requestHeaders, query: { disableRefresh: true } })
        : null;
      const response = await post("/change-password", body, requestHeaders, "currentPassword");
      const headers = setCookiesOf(response);
      if (before && options.onSessionReplaced) {
        const { token } = (await response.clone().json()) as { token?: string | null };
        const after = token ? await (await auth.$context).internalAdapter.findSession(token) : null;
        if (after) await options.onSessionReplaced(before.session.id, after.session.id);
      }
      return headers;
    },

    /**
     * Checks that `password` is the account's, before something that cannot be undone. It goes
     * through sign-in, so the same per-address limit and per-account slow-down apply; the session
     * sign-in makes is ended at once. Otherwise a message beside the `password` field.
     */
    async confirmPassword(input: { email: string; password: string }, requestHeaders: Headers): Promise<void> {
      let response: Response;
      try {
        response = await post("/sign-in/email", { email: input.email, password: input.password }, requestHeaders, "password");
      } catch (error) {
        if (error instanceof AppError && error.code === "UNAUTHENTICATED")
          throw new AppError("BAD_INPUT", NOT_YOUR_PASSWORD, { field: "password" });
        throw error;
      }
      const { token } = (await response.json()) as { token: string | null };
      if (token) await (await auth.$context).internalAdapter.deleteSession(token);
    },

    /**
     * Who the session cookie belongs to. When better-auth extends a session that is in use, it
     * sends a renewed cookie: `onRenewedCookie` receives it, so an active seller stays signed in.
     */
    async getSessionUser(requestHeaders: Headers, onRenewedCookie?: (setCookie: string) => void): Promise<SessionUser | null> {
      // Most page requests are anonymous buyers': without a session cookie there is nothing to
      // look up, and better-auth's endpoint machinery costs every such page about 0.2 ms.
      if (!getSessionCookie(requestHeaders)) return null;
      const { headers, response: session } = await auth.api.getSession({ headers: requestHeaders, returnHeaders: true });
      if (onRenewedCookie) for (const cookie of headers.getSetCookie()) onRenewedCookie(cookie);
      // A ban ends every session at once; this also covers one a sign-in made while the ban was
      // being written (decision 014).
      if (!session || session.user.banned) return null;
      const { id, name, email, phone, role, emailVerified } = session.user;
      return { id, name, email, phone, role: roleOf(role), emailVerified: Boolean(emailVerified), sessionId: session.session.id };
    },

    /**
     * Sends the signed-in person a link that confirms their address (decision 045), through
     * better-auth's /send-verification-email, so its per-address rate limit applies; the mail
     * itself leaves from a job. Nothing to do when the address is confirmed already.
     */
    async sendVerificationLink(user: Pick<SessionUser, "email" | "emailVerified">, requestHeaders: Headers): Promise<void> {
      if (user.emailVerified) return;
      if (!options.sendsMail) throw new AppError("BAD_INPUT", NO_MAIL, { field: "form" });
      try {
        await post("/send-verification-email", { email: user.email }, requestHeaders, "form");
      } catch (error) {
        // Confirmed in the meantime (another tab): nothing to send.
        if (error instanceof AppError && error.message === ALREADY_CONFIRMED) return;
        throw error;
      }
    },

    /** Whether this Mandi sends mail (SMTP_URL and MAIL_FROM): without it no reset link can be sent. */
    sendsMail: Boolean(options.sendsMail),

    /**
     * "Forgot password?" (decision 052): asks better-auth's /request-password-reset to mail a
     * link to the address if it has an account. The answer is the same, and takes as long
     * (RESET_ANSWER_FLOOR_MS), whether it has one or not; too many asks for one address, or from
     * one client address, are a 429 message, also the same for every address.
     */
    async requestPasswordReset(email: string, requestHeaders: Headers): Promise<void> {
      if (!options.sendsMail) throw new AppError("BAD_INPUT", NO_RESET_MAIL, { field: "form" });
      await post("/request-password-reset", { email }, requestHeaders, "email");
    },

    /**
     * Sets a new password with a link's token (better-auth's /reset-password): the token works
     * once and for RESET_LINK_SECONDS, and every session of the account ends. A token that is bad,
     * used or expired is a message beside the form.
     */
    async resetPassword(input: { token: string; newPassword: string }, requestHeaders: Headers): Promise<void> {
      await post("/reset-password", { token: input.token, newPassword: input.newPassword }, requestHeaders, "newPassword");
    },

    /** Follows a link that confirms an address (better-auth's /verify-email): confirmed, a token that is bad or expired, or too many tries. */
    async verifyEmail(token: string, clientAddress: string): Promise<"confirmed" | "invalid" | "tooMany"> {
      // The client's address, so better-auth's rate limit counts per client, not for everyone at once.
      const headers = { origin, [CLIENT_IP_HEADER]: clientAddress };
      const response = await auth.handler(new Request(`${origin}/api/auth/verify-email?token=${encodeURIComponent(token)}`, { headers }));
      if (response.status >= 500) throw new Error(`Auth service failed with ${response.status}`);
      if (response.status === 429) return "tooMany";
      return response.ok ? "confirmed" : "invalid";
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

/** Beside the current-password field, when the password typed is not the account's. */
export const WRONG_PASSWORD = "That is not your current password. Please try again.";
/** Asked for a link that confirms an address on a Mandi that sends no email (SMTP_URL unset). */
export const NO_MAIL = "This Mandi sends no email, so there is no link to send.";
/** Asked for a reset link on a Mandi that sends no email. */
export const NO_RESET_MAIL =
  "This Mandi sends no email, so it cannot send a link to set a new password. Please ask the people who run this Mandi to help.";
/** A reset link that is not valid: made up, used already, or older than RESET_LINK_SECONDS. */
export const RESET_LINK_INVALID =
  "This link to set a new password is not valid, or has been used or has expired. Please ask for a new one.";
const ALREADY_CONFIRMED = "Your email address is confirmed already.";
/** Beside the password that confirms a deletion, when it is not the account's. */
export const NOT_YOUR_PASSWORD = "That is not your password. Please try again.";

function setCookiesOf(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("set-cookie", cookie);
  return headers;
}

async function toAppError(response: Response, field: string): Promise<AppError> {
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string; field?: string };
  if (body.code === "USER_ALREADY_EXISTS" || body.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
    return new AppError("CONFLICT", "An account with this email already exists. Please log in instead.", { field });
  }
  if (body.code === ACCOUNT_BANNED) return new AppError("FORBIDDEN", MODERATION_MESSAGES.banned, { field });
  // /send-verification-email (decision 045).
  if (body.code === "VERIFICATION_EMAIL_NOT_ENABLED") return new AppError("BAD_INPUT", NO_MAIL, { field });
  if (body.code === "EMAIL_ALREADY_VERIFIED") return new AppError("BAD_INPUT", ALREADY_CONFIRMED, { field });
  // /reset-password with a token that is bad, used or expired (or whose account is gone).
  if (body.code === "INVALID_TOKEN" || body.code === "USER_NOT_FOUND")
    return new AppError("BAD_INPUT", RESET_LINK_INVALID, { field: "form" });
  if (body.code === "RESET_PASSWORD_DISABLED") return new AppError("BAD_INPUT", NO_RESET_MAIL, { field: "form" });
  if (response.status === 429 && body.code === RESET_ADDRESS_LIMITED && body.message)
    return new AppError("RATE_LIMITED", body.message, { field });
  // change-password's wrong current password.
  if (body.code === "INVALID_PASSWORD") return new AppError("BAD_INPUT", WRONG_PASSWORD, { field });
  // An endpoint that needs a session got none: it ended (signed out elsewhere, a password change).
  if (body.code === "UNAUTHORIZED") return new AppError("UNAUTHENTICATED", MESSAGES.mustLogin, { field: "form" });
  if (body.code === "INVALID_EMAIL_OR_PASSWORD" || response.status === 401) {
    return new AppError("UNAUTHENTICATED", "Invalid email or password.", { field });
  }
  // The per-account slow-down explains itself (how long to wait); the per-address limit does not.
  if (response.status === 429 && body.code === ACCOUNT_SLOWED_DOWN && body.message) {
    return new AppError("RATE_LIMITED", body.message, { field });
  }
  if (response.status === 429) {
    return new AppError("RATE_LIMITED", "Too many tries. Please wait a minute and try again.", { field });
  }
  if (response.status >= 500) throw new Error(`Auth service failed with ${response.status}: ${body.message ?? ""}`);
  // The profile checks (auth.ts) say which field they mean.
  return new AppError("BAD_INPUT", body.message || "Please check your details and try again.", { field: body.field ?? field });
}
