/** Sign-up, sign-in, sign-out and "who is this" for loaders and actions. */
import { APIError } from "better-auth/api";
import { AppError } from "../../core/app-error";
import type { LoginInput, SignupInput } from "../../core/schemas";
import type { Auth } from "./auth";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  phone: string;
}

export function createAccountsService(auth: Auth) {
  return {
    async signUp(input: SignupInput, requestHeaders: Headers): Promise<void> {
      let token: string | null;
      try {
        ({ token } = await auth.api.signUpEmail({
          body: { name: input.name, email: input.email, password: input.password, phone: input.phone },
          headers: requestHeaders,
        }));
      } catch (error) {
        throw toAppError(error, "email");
      }
      // Sign-up leads to the login page, not into the app: end the session better-auth opened.
      if (token) await (await auth.$context).internalAdapter.deleteSession(token);
    },

    /** Returns the Set-Cookie headers of the new session. */
    async signIn(input: Pick<LoginInput, "email" | "password">, requestHeaders: Headers): Promise<Headers> {
      try {
        const { headers } = await auth.api.signInEmail({
          body: { email: input.email, password: input.password },
          headers: requestHeaders,
          returnHeaders: true,
        });
        return headers;
      } catch (error) {
        throw toAppError(error, "form");
      }
    },

    /** Returns the headers that clear the session cookie. */
    async signOut(requestHeaders: Headers): Promise<Headers> {
      try {
        const { headers } = await auth.api.signOut({ headers: requestHeaders, returnHeaders: true });
        return headers;
      } catch (error) {
        // Signing out without a session still ends signed out.
        if (error instanceof APIError) return new Headers();
        throw error;
      }
    },

    async getSessionUser(requestHeaders: Headers): Promise<SessionUser | null> {
      const session = await auth.api.getSession({ headers: requestHeaders });
      if (!session) return null;
      const { id, name, email, phone } = session.user;
      return { id, name, email, phone };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

function toAppError(error: unknown, field: string): unknown {
  if (!(error instanceof APIError)) return error;
  const code = (error.body as { code?: string } | undefined)?.code;
  if (code === "USER_ALREADY_EXISTS" || code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
    return new AppError("CONFLICT", "An account with this email already exists. Please log in instead.", { field, cause: error });
  }
  if (code === "INVALID_EMAIL_OR_PASSWORD") {
    return new AppError("UNAUTHENTICATED", "Invalid email or password.", { field, cause: error });
  }
  if (error.statusCode === 429) {
    return new AppError("RATE_LIMITED", "Too many tries. Please wait a minute and try again.", { field, cause: error });
  }
  const status = error.statusCode;
  const message = (error.body as { message?: string } | undefined)?.message ?? error.message;
  return new AppError(status === 401 ? "UNAUTHENTICATED" : "BAD_INPUT", message || "Something went wrong. Please try again.", {
    field,
    cause: error,
  });
}
