import type { SessionUser } from "../auth/accounts.service";
import type { Services } from "../services";

declare module "react-router" {
  /** What every loader and action receives as `context`. */
  interface AppLoadContext {
    services: Services;
    /** Nonce for inline scripts, matching this response's Content-Security-Policy. */
    cspNonce: string;
    requestId: string;
    /** The client's address as Express resolved it (TRUST_PROXY): signed-out reports are limited by it. */
    clientAddress: string;
    /** Who is signed in; looked up once per request however many loaders ask. */
    currentUser(): Promise<SessionUser | null>;
  }
}
