/**
 * Sign-up, sign-in, sign-out and "who is this" for loaders and actions.
 *
 * Sign-up and sign-in go through better-auth's HTTP handler, not its direct API: the handler is
 * where its rate limiter runs, so our forms and its /api/auth endpoints share one set of limits.
 */
import { AppError } from "../../core/app-error";
import type { LoginInput, SignupInput } from "../../core/schemas";
import { ACCOUNT_SLOWED_DOWN } from "./account-slow-down";
import { CLIENT_IP_HEADER, type Auth } from "./auth";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  phone: string;
}

/** Request headers better-auth needs to see: who (cookie), from where (client address). */
const FORWARDED_HEADERS = ["cookie", "user-agent", CLIENT_IP_HEADER];

export function createAccountsService(auth: Auth, options: { baseUrl: string }) {
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
      const headers = new Headers();
      for (const cookie of response.headers.getSetCookie()) headers.append("set-cookie", cookie);
      return headers;
    },

    /** Returns the headers that clear the session cookie. Signing out twice is harmless. */
    async signOut(requestHeaders: Headers): Promise<Headers> {
      const { headers } = await auth.api.signOut({ headers: requestHeaders, returnHeaders: true }).catch(() => ({ headers: new Headers() }));
      return headers;
    },

    /**
     * Who the session cookie belongs to. When better-auth extends a session that is in use, it
     * sends a renewed cookie: `onRenewedCookie` receives it, so an active seller stays signed in.
     */
    async getSessionUser(requestHeaders: Headers, onRenewedCookie?: (setCookie: string) => void): Promise<SessionUser | null> {
      const { headers, response: session } = await auth.api.getSession({ headers: requestHeaders, returnHeaders: true });
      if (onRenewedCookie) for (const cookie of headers.getSetCookie()) onRenewedCookie(cookie);
      if (!session) return null;
      const { id, name, email, phone } = session.user;
      return { id, name, email, phone };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

async function toAppError(response: Response, field: string): Promise<AppError> {
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string; field?: string };
  if (body.code === "USER_ALREADY_EXISTS" || body.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
    return new AppError("CONFLICT", "An account with this email already exists. Please log in instead.", { field });
  }
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
