/**
 * The email just used to sign up, kept for the login page it sends the person to, so they type
 * only their password (issue 42). A cookie of ten minutes, never read by a script, rather than
 * the address in the URL, where logs and the history would keep it. Its path is the whole site:
 * a client navigation asks for /login.data, which a cookie for /login would not reach.
 */
import { z } from "zod";

const COOKIE = "signup_email";
const MAX_AGE_SECONDS = 10 * 60;
const emailSchema = z.email().max(254);

const secureOf = (request: Request) => (new URL(request.url).protocol === "https:" ? "; Secure" : "");

/** The Set-Cookie that keeps `email` for /login. */
export function keepSignupEmail(request: Request, email: string): string {
  return `${COOKIE}=${encodeURIComponent(email)}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax; HttpOnly${secureOf(request)}`;
}

/** The Set-Cookie that forgets it (once the person has logged in). */
export function forgetSignupEmail(request: Request): string {
  return `${COOKIE}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly${secureOf(request)}`;
}

/** The email kept, when the request carries one that reads as an address. */
export function signupEmailOf(request: Request): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, ...rest] = part.split("=");
    if (name?.trim() !== COOKIE) continue;
    let value: string;
    try {
      value = decodeURIComponent(rest.join("=").trim());
    } catch {
      return undefined;
    }
    const parsed = emailSchema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  }
  return undefined;
}
