import type { Services } from "../services";

declare module "react-router" {
  /** What every loader and action receives as `context`. */
  interface AppLoadContext {
    services: Services;
    /** Nonce for inline scripts, matching this response's Content-Security-Policy. */
    cspNonce: string;
    requestId: string;
  }
}
