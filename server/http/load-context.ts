import type { AppLoadContext } from "react-router";
import type { SessionUser } from "../auth/accounts.service";
import type { Logger } from "../logger";
import type { Services } from "../services";

/**
 * The services a route may call: use cases only. The database, better-auth, photo storage and the
 * upload store stay with Express and the services, so a route cannot reach past them. Named once:
 * the type and the object routes get both follow from this list.
 */
const ROUTE_SERVICE_NAMES = [
  "accounts",
  "accountDeletion",
  "listings",
  "search",
  "moderation",
  "mandiRates",
  "priceInsight",
  "alerts",
  "push",
  "savedListings",
  "failedJobs",
  "apiKeys",
  "phoneReveals",
  "phoneVerification",
  "organisations",
] as const satisfies ReadonlyArray<keyof Services>;

export type RouteServices = Pick<Services, (typeof ROUTE_SERVICE_NAMES)[number]>;

/** The settings pages show and check forms against: operator limits, nothing secret. */
export interface PublicConfig {
  /** Largest photo, in bytes (MAX_IMAGE_BYTES). */
  maxImageBytes: number;
  /** Photos per listing (MAX_PHOTOS_PER_LISTING). */
  maxPhotosPerListing: number;
  /** The site's public address (BASE_URL): canonical links and share previews (decision 023). */
  baseUrl: string;
}

/**
 * The part of the load context that is the same for every request, built once per process from
 * the services (getLoadContext adds the request's own fields; tests that call actions use it too).
 */
export function routeContextOf(services: Services): Pick<AppLoadContext, "services" | "config" | "logger"> {
  const { config, logger } = services;
  return {
    services: Object.fromEntries(ROUTE_SERVICE_NAMES.map((name) => [name, services[name]])) as RouteServices,
    config: { maxImageBytes: config.maxImageBytes, maxPhotosPerListing: config.uploads.maxPhotosPerListing, baseUrl: config.baseUrl },
    logger,
  };
}

declare module "react-router" {
  /** What every loader and action receives as `context`. */
  interface AppLoadContext {
    services: RouteServices;
    config: PublicConfig;
    /** For what happens around a route (app/entry.server.tsx logs route and render errors). */
    logger: Logger;
    /** Nonce for inline scripts, matching this response's Content-Security-Policy. */
    cspNonce: string;
    requestId: string;
    /** The client's address as Express resolved it (TRUST_PROXY): signed-out reports are limited by it. */
    clientAddress: string;
    /**
     * Whether this page may show a seller's phone number: false past the client address's hourly
     * threshold and on a form post, when the page offers "Show number" instead (decision 046).
     * Absent in tests that call routes: treat as shown.
     */
    phoneShown?: boolean;
    /** Who is signed in; looked up once per request however many loaders ask. */
    currentUser(): Promise<SessionUser | null>;
    /**
     * True when this request renders the whole HTML document, false for a client navigation's
     * data request (`/viewmore.data`). Data that only a static island's server HTML shows (decision
     * 039) may then be left out of the loader data, since the browser keeps that HTML as it is.
     * Absent in tests that call routes: treat as a data request.
     */
    rendersDocument?: boolean;
    /**
     * Resolves on a turn of the event loop of its own (load shedding's, decision 038): the page is
     * rendered there, not in the turn that ran its loaders. Absent in tests that call routes.
     */
    nextTurn?: () => Promise<void>;
    /**
     * Counts a loader's or action's work until it settles, even after React Router has let go of
     * it (its client gone): a stopping server waits for it before closing the database
     * (work-in-hand.ts; app/entry.server.tsx's `instrumentations`). Absent in tests that call routes.
     */
    holdWork?: <T>(work: Promise<T>) => Promise<T>;
  }
}
