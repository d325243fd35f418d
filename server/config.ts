/**
 * Environment → typed configuration, checked once at start-up. Every bad variable is listed in
 * one message so an operator can fix them all at once.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { S3StorageOptions } from "./media/s3-storage";
import { MAX_IMAGE_BYTES } from "../core/shared/constants";
import { MAX_PHOTOS_PER_LISTING } from "../core/uploads/photos";
import { MAX_SAVED_SEARCHES } from "../core/alerts/saved-search";
import {
  readKeptVapidKeys,
  readOrCreateVapidKeys,
  VAPID_PRIVATE_KEY_PATTERN,
  VAPID_PUBLIC_KEY_PATTERN,
  type VapidKeys,
} from "./push/vapid-keys";
import { isLanguage, LANGUAGES, type Language } from "../core/i18n/languages";

/**
 * SMS_LANGUAGES: comma-separated codes (spaces and case forgiven, repeats dropped), each one of
 * LANGUAGES, English among them; out in LANGUAGES' order.
 */
const smsLanguagesSchema = z.string().transform((value, context): Language[] => {
  const codes = value
    .split(",")
    .map((code) => code.trim().toLowerCase())
    .filter(Boolean);
  const unknown = codes.filter((code) => !isLanguage(code));
  if (unknown.length) {
    context.addIssue({
      code: "custom",
      message: `${unknown.map((code) => `"${code}"`).join(", ")} ${unknown.length === 1 ? "is not a language" : "are not languages"} Mandi speaks: use codes of ${LANGUAGES.join(",")}`,
    });
    return z.NEVER;
  }
  if (!codes.includes("en")) {
    context.addIssue({ code: "custom", message: "must include en: a page in a language not listed gets its code in English" });
    return z.NEVER;
  }
  return LANGUAGES.filter((language) => codes.includes(language));
});

function msg91TemplateId() {
  return z
    .string()
    .regex(/^[A-Za-z0-9]{6,64}$/, "must be an MSG91 template id (letters and digits)")
    .optional();
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  /** Where the embedded database, photos and generated secret live. */
  DATA_DIR: z.string().min(1).default("./data"),
  /** sqlite:<path> or postgres://…; defaults to sqlite:<DATA_DIR>/mandi.sqlite. */
  DATABASE_URL: z
    .string()
    .refine((v) => /^(sqlite:|postgres(ql)?:\/\/)/.test(v), "must start with sqlite: or postgres://")
    .optional(),
  /** PostgreSQL connections each app instance keeps open at most (ignored for SQLite). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2, "must be at least 2").max(1000).default(10),
  /** Longest a PostgreSQL query (lock waits included) may run before the request gets a 503. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(4_000),
  /** Longest a request waits for a free PostgreSQL connection (or a new one to open). */
  DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(2_000),
  /** Longest SQLite waits for another writer's lock; the whole process waits with it, so keep it short. */
  SQLITE_BUSY_TIMEOUT_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /**
   * On SIGTERM, how long requests and jobs already running get to finish before the database is
   * closed anyway (server/http/start-server.ts).
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** At start, how long to keep retrying a database that does not answer yet. */
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  /**
   * Server processes sharing the port (Node's cluster; the usual name for it on hosting
   * platforms). `npm start` sets it to the machine's cores when it is not given; 1 is one process.
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(1),
  /**
   * Each worker's V8 heap limit, in MB (`--max-old-space-size`). Without one, V8 lets a worker's
   * heap grow towards a quarter of the machine's memory before it collects in earnest (issue 27).
   */
  WORKER_HEAP_MB: z.coerce.number().int().min(64).max(65_536).default(160),
  /**
   * Each worker's young-generation semi-space, in MB (`--max-semi-space-size`). V8's own 16 MB lets
   * the young generation take 32 MB a worker under load, outside WORKER_HEAP_MB (decision 041).
   */
  WORKER_SEMI_SPACE_MB: z.coerce.number().int().min(1).max(256).default(4),
  /** Serves Prometheus metrics on this port (decision 025); unset: no metrics server. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Where the metrics server listens: this machine only unless METRICS_TOKEN is set. */
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  /** A bearer token the scraper must send; required to listen beyond this machine. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").max(256).optional(),
  /** An OpenTelemetry collector (OTLP over HTTP) to send traces to; unset: no tracing (decision 025). */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  /**
   * Pages each worker lets start at once; a few more wait in line (0: no limit, no shedding).
   * 4: two or three people at once on a slow machine never wait in line (decision 038).
   */
  PAGE_CONCURRENCY: z.coerce.number().int().min(0).max(10_000).default(4),
  /**
   * Pages that may wait in that line; beyond it a page is answered 503 (busy) at once. Room for a
   * burst: a line that does not clear is cut short by PAGE_QUEUE_TARGET_MS.
   */
  PAGE_QUEUE_LENGTH: z.coerce.number().int().min(0).max(10_000).default(8),
  /** A line whose requests all wait longer than this for 100 ms is standing: new pages are answered 503 at once. */
  PAGE_QUEUE_TARGET_MS: z.coerce.number().int().min(1).max(10_000).default(50),
  /** Longest a page let into the line waits before it is answered 503 (busy). */
  PAGE_QUEUE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  /** Public address of the site (used for auth cookies and origin checks). */
  BASE_URL: z.url().optional(),
  /** Secret for signing sessions; generated and kept in DATA_DIR when not given. */
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  MAX_IMAGE_BYTES: z.coerce.number().int().positive().default(MAX_IMAGE_BYTES),
  /** Photos one listing may carry (at most the product's 5). */
  MAX_PHOTOS_PER_LISTING: z.coerce.number().int().min(1).max(MAX_PHOTOS_PER_LISTING).default(MAX_PHOTOS_PER_LISTING),
  /** Resumable uploads one person may have started and not yet put on a listing. */
  MAX_UPLOADS_IN_FLIGHT: z.coerce.number().int().positive().default(10),
  /** Days a listing of fruits or vegetables stays up before it expires (its seller can renew it). */
  LISTING_DAYS_PERISHABLE: z.coerce.number().int().min(1).max(3650).default(15),
  /** Days any other listing stays up before it expires. */
  LISTING_DAYS_OTHER: z.coerce.number().int().min(1).max(3650).default(60),
  /**
   * Seconds a shared cache (CDN, proxy) may keep an anonymous browse page or suggestions. 1 keeps
   * hidden, sold and changed listings out of every cache within a second (decision 014); a
   * longer time offloads more to a CDN but shows such changes that much later.
   */
  SHARED_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(1),
  /**
   * Longest this process keeps a rendered anonymous page (decision 017). A change written to the
   * database shows at once anyway; this bounds only what changes with time alone (a listing
   * expiring). 0 turns the page cache off.
   */
  PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** How much rendered HTML each process keeps, in megabytes (0: none). */
  PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  /** Reports from this many different people hide a listing until a moderator looks (0: never hide automatically). */
  REPORTS_TO_HIDE: z.coerce.number().int().min(0).max(1000).default(3),
  /**
   * A listing goes live only once its seller's phone is verified (issue 43, decision 061): until
   * then it waits, shown to its seller as "Waiting for your phone to be verified". Off by default,
   * so the specification's flow (a listing is live as soon as it is saved) is unchanged.
   */
  REQUIRE_VERIFIED_PHONE: z
    .enum(["true", "false", "1", "0"], { error: 'must be "true" or "false"' })
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** Reports one person (signed out: one address) may send in an hour. */
  REPORTS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Hours after which an upload that never became part of a listing is removed. */
  UPLOAD_EXPIRY_HOURS: z.coerce.number().positive().default(24),
  /**
   * Which proxies' X-Forwarded-* headers to believe (Express "trust proxy"): "loopback" (default),
   * a comma-separated list of addresses/subnets, a hop count, or "true" behind a load balancer.
   */
  TRUST_PROXY: z.string().min(1).default("loopback"),
  /** Sign-in and sign-up attempts allowed per client address per minute. */
  AUTH_SIGNIN_PER_MINUTE: z.coerce.number().int().positive().default(10),
  AUTH_SIGNUP_PER_MINUTE: z.coerce.number().int().positive().default(5),
  /**
   * The public API's requests per client address per minute (decision 032): lists and reference
   * data, and the endpoints that give a seller's phone number (one listing, a seller), kept lower.
   */
  API_PER_MINUTE: z.coerce.number().int().positive().default(120),
  API_CONTACT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /** The same, per API key (made on /my/account), counted by the key instead of the address. */
  API_KEY_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  API_KEY_CONTACT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /**
   * Pages showing a seller's phone number (a listing, a seller) one client address gets with the
   * digits per hour, counted across workers and instances; past it they offer "Show number"
   * (decision 046). Generous: many people may share one address behind carrier NAT.
   */
  PHONE_REVEALS_PER_HOUR: z.coerce.number().int().positive().default(60),
  /**
   * "Show number" presses one client address may make per hour, with the numbers the public API
   * gives without a key; past it they are refused until the hour ends (decision 046).
   */
  PHONE_REVEAL_PRESSES_PER_HOUR: z.coerce.number().int().positive().default(240),
  // Phone verification by a one-time code (issue 43, decision 058).
  /**
   * Who sends the code by SMS: "twilio", "msg91", or "none". With none, development and tests
   * write the code to the server log (dev only); production says verification is not available.
   */
  SMS_PROVIDER: z.enum(["twilio", "msg91", "none"], { error: 'must be "twilio", "msg91" or "none"' }).default("none"),
  /** The provider's API origin instead of its own (a stand-in for tests, a regional endpoint). */
  SMS_API_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// address" }).optional(),
  /** Longest a send waits for the provider before the page says "try again in a minute". */
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** The sender ID (header) registered on India's DLT, e.g. MANDIO; Twilio's From when no messaging service is set. */
  SMS_SENDER_ID: z
    .string()
    .regex(/^([A-Z]{6}|\+[1-9]\d{6,14})$/, "must be a 6-letter DLT sender ID (capitals) or a +E.164 number")
    .optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, "must be a Twilio Account SID (AC and 32 hex digits)")
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, "must be at least 16 characters").max(256).optional(),
  /** A Twilio Messaging Service (MG…) to send from, instead of SMS_SENDER_ID. */
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-fA-F]{32}$/, "must be a Twilio Messaging Service SID (MG and 32 hex digits)")
    .optional(),
  /**
   * The languages whose template for the code's text (server/sms/sms-text.ts) is registered on
   * DLT, comma-separated codes of LANGUAGES; English always. A code asked for from a page in
   * another language goes in English. Unset: en,hi, or en with MSG91 and no MSG91_TEMPLATE_ID_HI
   * (as before the setting existed). Checked by `smsLanguagesSchema`.
   */
  SMS_LANGUAGES: smsLanguagesSchema.optional(),
  MSG91_AUTH_KEY: z.string().min(8, "must be at least 8 characters").max(256).optional(),
  /**
   * MSG91's template ids for the code's text, one per language in SMS_LANGUAGES (each mapped to
   * its DLT template in MSG91's panel): MSG91_TEMPLATE_ID for English, MSG91_TEMPLATE_ID_<LANG>
   * for the others (`MSG91_TEMPLATE_ID_VARIABLES`).
   */
  MSG91_TEMPLATE_ID: msg91TemplateId(),
  MSG91_TEMPLATE_ID_HI: msg91TemplateId(),
  MSG91_TEMPLATE_ID_BN: msg91TemplateId(),
  MSG91_TEMPLATE_ID_TE: msg91TemplateId(),
  MSG91_TEMPLATE_ID_MR: msg91TemplateId(),
  MSG91_TEMPLATE_ID_TA: msg91TemplateId(),
  MSG91_TEMPLATE_ID_GU: msg91TemplateId(),
  MSG91_TEMPLATE_ID_OR: msg91TemplateId(),
  MSG91_TEMPLATE_ID_KN: msg91TemplateId(),
  MSG91_TEMPLATE_ID_PA: msg91TemplateId(),
  MSG91_TEMPLATE_ID_UR: msg91TemplateId(),
  MSG91_TEMPLATE_ID_ML: msg91TemplateId(),
  /** Codes sent a day (India's) to one number, to one account, to one client address, and in all: SMS pumping cannot run up a bill. */
  SMS_PER_PHONE_PER_DAY: z.coerce.number().int().min(1).max(1000).default(5),
  SMS_PER_ACCOUNT_PER_DAY: z.coerce.number().int().min(1).max(1000).default(8),
  SMS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(20),
  SMS_PER_DAY: z.coerce.number().int().min(1).max(10_000_000).default(2_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Setting S3_BUCKET moves photos from DATA_DIR/media to that bucket (see docs/decisions/005). */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name: 3-63 lower-case letters, digits, dots or hyphens")
    .optional(),
  /** Absent for AWS; e.g. http://127.0.0.1:9000 for MinIO. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// address" }).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  /** Both or neither; when neither, the AWS SDK's default chain (environment, profile, role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", "1", "0"], { error: 'must be "true" or "false"' })
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  // Saved searches and alerts (decision 022).
  /** Saved searches one person may keep. */
  MAX_SAVED_SEARCHES: z.coerce.number().int().min(1).max(1000).default(MAX_SAVED_SEARCHES),
  /** smtp:// or smtps:// server for alert email; unset: no email (the pages do not offer it). */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// address" }).optional(),
  /** The From address of alert email, e.g. "Mandi <alerts@example.in>"; required with SMTP_URL. */
  MAIL_FROM: z.string().min(3).max(200).optional(),
  /**
   * Alert emails one address may get in a day (India's), whatever its saved searches: instant
   * ones and digests, a digest counting as one (decision 045). Past it, matches still show under My alerts.
   */
  ALERT_MAILS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).max(1000).default(10),
  // Web Push (decision 027). Both keys or neither: neither makes a pair once in DATA_DIR, which
  // only suits one instance; several instances must all be given the same pair.
  /** The VAPID public key, base64url (87 characters, as `npx web-push generate-vapid-keys` prints it). */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(VAPID_PUBLIC_KEY_PATTERN, "must be a VAPID public key: 87 base64url characters starting with B")
    .optional(),
  /** The VAPID private key, base64url (43 characters). */
  VAPID_PRIVATE_KEY: z.string().regex(VAPID_PRIVATE_KEY_PATTERN, "must be a VAPID private key: 43 base64url characters").optional(),
  /** Who push services may contact about our messages: mailto: or https: (defaults to BASE_URL when it is https). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: address or an https:// address")
    .optional(),
  /**
   * Hosts (and their subdomains) a push subscription may name, comma-separated: the browsers'
   * push services by default, so a made-up subscription cannot make the server post elsewhere.
   * On port 443 and never to an internal address, except an exact `host:port` entry, which allows
   * that one host and port (server/push/push-endpoint.ts).
   */
  PUSH_SERVICE_HOSTS: z.string().min(1).default("fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com"),
  /** How often the SQLite job driver looks for due jobs, in milliseconds. */
  JOB_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(500),
  /** Background jobs (decision 028): "auto" is pg-boss on PostgreSQL and our own job table on SQLite; "sql" is our own table on either. */
  JOB_DRIVER: z.enum(["auto", "sql"], { error: 'must be "auto" or "sql"' }).default("auto"),
  /** How long a job may run before it is taken as abandoned (its process killed) and run again. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
});

/** Where photos are stored: a local folder (the default) or an S3-compatible bucket. */
export type StorageConfig = { driver: "local"; dir: string } | ({ driver: "s3" } & S3StorageOptions);

/** A line is called standing well before anyone in it has waited the longest a page may wait. */
function pageLimitProblems(e: z.output<typeof envSchema>) {
  if (!e.PAGE_QUEUE_WAIT_MS || e.PAGE_QUEUE_TARGET_MS < e.PAGE_QUEUE_WAIT_MS) return [];
  return [{ name: "PAGE_QUEUE_TARGET_MS", message: `must be less than PAGE_QUEUE_WAIT_MS (${e.PAGE_QUEUE_WAIT_MS})` }];
}

/**
 * The environment's names → the nested shape the code reads. Reads the secrets DATA_DIR keeps
 * (never writes: `prepareDataDir` makes them); one neither given nor kept yet is empty, and
 * `createServices` refuses to run on it (`missingSecrets`).
 */
function toConfig(e: z.output<typeof envSchema>) {
  const dataDir = path.resolve(e.DATA_DIR);
  const mediaDir = path.join(dataDir, "media");
  const storage: StorageConfig = e.S3_BUCKET
    ? {
        driver: "s3",
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      }
    : { driver: "local", dir: mediaDir };
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${path.join(dataDir, "mandi.sqlite")}`,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseTimeouts: {
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      acquireMs: e.DATABASE_ACQUIRE_TIMEOUT_MS,
      sqliteBusyMs: e.SQLITE_BUSY_TIMEOUT_MS,
      connectSeconds: e.DATABASE_CONNECT_TIMEOUT_SECONDS,
    },
    /** On SIGTERM, how long running requests and jobs get before the database is closed anyway. */
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    /** Server processes sharing the port (server/http/start-workers.ts). */
    workers: e.WEB_CONCURRENCY,
    workerHeapMb: e.WORKER_HEAP_MB,
    workerSemiSpaceMb: e.WORKER_SEMI_SPACE_MB,
    /** The Prometheus metrics server (server/metrics/metrics-server.ts), or null when off. */
    metrics: e.METRICS_PORT ? { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN } : null,
    /** Where traces go; no endpoint: tracing is off. */
    tracing: { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT },
    /** Load shedding in front of page rendering (server/http/load-shedding.ts). */
    pageConcurrency: {
      max: e.PAGE_CONCURRENCY,
      queueLength: e.PAGE_QUEUE_LENGTH,
      queueTargetMs: e.PAGE_QUEUE_TARGET_MS,
      queueWaitMs: e.PAGE_QUEUE_WAIT_MS,
    },
    baseUrl: e.BASE_URL ?? `http://localhost:${e.PORT}`,
    authSecret: e.AUTH_SECRET ?? keptSecret(dataDir),
    maxImageBytes: e.MAX_IMAGE_BYTES,
    uploads: {
      maxPhotosPerListing: e.MAX_PHOTOS_PER_LISTING,
      maxInFlightPerUser: e.MAX_UPLOADS_IN_FLIGHT,
      expiryMs: Math.round(e.UPLOAD_EXPIRY_HOURS * 3_600_000),
      dir: path.join(dataDir, "uploads"),
    },
    /** How long a listing stays up, by kind of produce (decision 013). */
    listingDays: { perishable: e.LISTING_DAYS_PERISHABLE, other: e.LISTING_DAYS_OTHER },
    /** A listing waits for its seller's phone to be verified before it goes live (decision 061). */
    requireVerifiedPhone: e.REQUIRE_VERIFIED_PHONE,
    /** Reports and automatic hiding (decision 014). */
    moderation: { reportsToHide: e.REPORTS_TO_HIDE, reportsPerHour: e.REPORTS_PER_HOUR },
    /** How long a shared cache may keep an anonymous page (server/http/cache-control.ts). */
    sharedCacheSeconds: e.SHARED_CACHE_SECONDS,
    /** This process's cache of anonymous pages (server/page-cache/); off when either is 0. */
    pageCache: { ttlMs: e.PAGE_CACHE_MS, maxBytes: Math.round(e.PAGE_CACHE_MB * 1024 * 1024) },
    authRateLimits: { signInPerMinute: e.AUTH_SIGNIN_PER_MINUTE, signUpPerMinute: e.AUTH_SIGNUP_PER_MINUTE },
    /** The public API's limits per client address per minute (decision 032). */
    apiRateLimits: {
      perMinute: e.API_PER_MINUTE,
      contactPerMinute: e.API_CONTACT_PER_MINUTE,
      keyPerMinute: e.API_KEY_PER_MINUTE,
      keyContactPerMinute: e.API_KEY_CONTACT_PER_MINUTE,
    },
    /** Phone numbers shown per client address per hour, and "Show number" presses (decision 046). */
    phoneReveals: { pagesPerHour: e.PHONE_REVEALS_PER_HOUR, pressesPerHour: e.PHONE_REVEAL_PRESSES_PER_HOUR },
    trustProxy:
      e.TRUST_PROXY === "true"
        ? true
        : e.TRUST_PROXY === "false"
          ? false
          : /^\d+$/.test(e.TRUST_PROXY)
            ? Number(e.TRUST_PROXY)
            : e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    /** DATA_DIR/media: the photos when stored locally, and what `npm run media:copy` reads. */
    mediaDir,
    storage,
    /** Saved searches and their alerts (decision 022); `mail` is null when email is off. */
    alerts: {
      maxSavedSearches: e.MAX_SAVED_SEARCHES,
      mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : null,
      jobPollMs: e.JOB_POLL_MS,
      mailsPerAddressPerDay: e.ALERT_MAILS_PER_ADDRESS_PER_DAY,
    },
    /** Web Push (decision 027): the VAPID pair and subject, and the push services we post to. */
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : (readKeptVapidKeys(dataDir) ?? NO_VAPID_KEYS),
      subject: e.VAPID_SUBJECT ?? (e.BASE_URL?.startsWith("https://") ? e.BASE_URL : "mailto:push@mandi.invalid"),
      serviceHosts: e.PUSH_SERVICE_HOSTS.split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    },
    /** Sending verification codes by SMS (decision 058); `provider` null: none set. */
    sms: {
      provider: smsProviderOf(e),
      /** The languages whose template is registered on DLT, English first; the senders send in these only (`smsLanguage`). */
      languages: smsLanguagesOf(e),
      timeoutMs: e.SMS_TIMEOUT_MS,
      limits: {
        perPhonePerDay: e.SMS_PER_PHONE_PER_DAY,
        perAccountPerDay: e.SMS_PER_ACCOUNT_PER_DAY,
        perAddressPerDay: e.SMS_PER_ADDRESS_PER_DAY,
        perDay: e.SMS_PER_DAY,
      },
    },
    /** The job queue's driver and lease (decision 028); how often it looks is alerts.jobPollMs. */
    jobs: { driver: e.JOB_DRIVER, leaseMs: e.JOB_LEASE_SECONDS * 1000 },
  };
}

/** The provider's settings, once `smsProblems` has found them complete. */
function smsProviderOf(e: z.output<typeof envSchema>): SmsProviderConfig | null {
  if (e.SMS_PROVIDER === "twilio" && e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN)
    return {
      name: "twilio",
      apiUrl: e.SMS_API_URL ?? "https://api.twilio.com",
      accountSid: e.TWILIO_ACCOUNT_SID,
      authToken: e.TWILIO_AUTH_TOKEN,
      from: e.TWILIO_MESSAGING_SERVICE_SID ? { messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID } : { sender: e.SMS_SENDER_ID ?? "" },
    };
  if (e.SMS_PROVIDER === "msg91" && e.MSG91_AUTH_KEY && e.MSG91_TEMPLATE_ID)
    return {
      name: "msg91",
      apiUrl: e.SMS_API_URL ?? "https://control.msg91.com",
      authKey: e.MSG91_AUTH_KEY,
      templateIds: Object.fromEntries(
        smsLanguagesOf(e).flatMap((language) => {
          const id = e[MSG91_TEMPLATE_ID_VARIABLES[language]];
          return id ? [[language, id] as const] : [];
        }),
      ),
      sender: e.SMS_SENDER_ID,
    };
  return null;
}

/** The variable holding MSG91's template id for each language's text. */
const MSG91_TEMPLATE_ID_VARIABLES = {
  en: "MSG91_TEMPLATE_ID",
  hi: "MSG91_TEMPLATE_ID_HI",
  bn: "MSG91_TEMPLATE_ID_BN",
  te: "MSG91_TEMPLATE_ID_TE",
  mr: "MSG91_TEMPLATE_ID_MR",
  ta: "MSG91_TEMPLATE_ID_TA",
  gu: "MSG91_TEMPLATE_ID_GU",
  or: "MSG91_TEMPLATE_ID_OR",
  kn: "MSG91_TEMPLATE_ID_KN",
  pa: "MSG91_TEMPLATE_ID_PA",
  ur: "MSG91_TEMPLATE_ID_UR",
  ml: "MSG91_TEMPLATE_ID_ML",
} as const satisfies Record<Language, keyof z.output<typeof envSchema>>;

/**
 * SMS_LANGUAGES as set, else en,hi; but with MSG91 and no MSG91_TEMPLATE_ID_HI, en: before the
 * setting existed such a site sent Hindi pages' codes by the English template, and it still
 * starts and does so. Set explicitly, every language listed needs its template id.
 */
function smsLanguagesOf(e: z.output<typeof envSchema>): Language[] {
  if (e.SMS_LANGUAGES) return e.SMS_LANGUAGES;
  return e.SMS_PROVIDER === "msg91" && !e.MSG91_TEMPLATE_ID_HI ? ["en"] : ["en", "hi"];
}

/** A provider named without what it needs is a start-up error, not a page that fails later. */
function smsProblems(e: z.output<typeof envSchema>): Array<{ name: string; message: string }> {
  const needs = (names: string[]) =>
    names
      .filter((name) => !e[name as keyof typeof e])
      .map((name) => ({ name, message: `must be set with SMS_PROVIDER=${e.SMS_PROVIDER}` }));
  if (e.SMS_PROVIDER === "twilio") {
    const problems = needs(["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"]);
    if (!e.TWILIO_MESSAGING_SERVICE_SID && !e.SMS_SENDER_ID)
      problems.push({ name: "SMS_SENDER_ID", message: "must be set with SMS_PROVIDER=twilio (or TWILIO_MESSAGING_SERVICE_SID)" });
    return problems;
  }
  if (e.SMS_PROVIDER === "msg91")
    return [
      ...needs(["MSG91_AUTH_KEY", "MSG91_TEMPLATE_ID"]),
      // Each other language listed needs MSG91's template for its text (English's is named above).
      ...smsLanguagesOf(e)
        .filter((language) => language !== "en" && !e[MSG91_TEMPLATE_ID_VARIABLES[language]])
        .map((language) => ({
          name: MSG91_TEMPLATE_ID_VARIABLES[language],
          message: `must be set with SMS_PROVIDER=msg91 and ${language} in SMS_LANGUAGES (MSG91's template for the code's text in ${language}), or take ${language} out of SMS_LANGUAGES`,
        })),
    ];
  return [];
}

export type SmsProviderConfig =
  | {
      name: "twilio";
      apiUrl: string;
      accountSid: string;
      authToken: string;
      from: { messagingServiceSid: string } | { sender: string };
    }
  | {
      name: "msg91";
      apiUrl: string;
      authKey: string;
      /** MSG91's template id for each language in SMS_LANGUAGES (and only those; English always). */
      templateIds: Partial<Record<Language, string>>;
      sender: string | undefined;
    };

/**
 * The settings: each variable checked by `envSchema` (with the checks across variables that
 * need them all valid), then put in the shape the code reads by `toConfig`.
 */
const configSchema = envSchema
  .superRefine((e, context) => {
    for (const problem of [...metricsProblems(e), ...pageLimitProblems(e), ...smsProblems(e)])
      context.addIssue({ code: "custom", path: [problem.name], message: problem.message });
  })
  .transform(toConfig);

export type Config = z.output<typeof configSchema>;
export type DatabaseTimeouts = Config["databaseTimeouts"];

const NO_VAPID_KEYS: VapidKeys = { publicKey: "", privateKey: "" };

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Settings Mandi runs with but an operator should change, one line each, logged at start.
 * `TRUST_PROXY=true` makes Express take the leftmost X-Forwarded-For entry, which the client
 * writes, so every per-address limit can be escaped (issue 38, finding 3).
 */
export function configWarnings(config: Pick<Config, "trustProxy">): string[] {
  return config.trustProxy === true
    ? [
        "TRUST_PROXY=true believes any address a client writes in X-Forwarded-For, so rate limits can be escaped: set the number of proxies in front (e.g. 1) or the load balancer's addresses instead (docs/operations.md)",
      ]
    : [];
}

/**
 * The configuration from the environment, checked. Writes nothing: the auth secret and VAPID
 * pair a fresh install makes are read from DATA_DIR if `prepareDataDir` made them there.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  const problems = [
    ...(result.error?.issues ?? []).map((issue) => ({ name: issue.path.join("."), message: issue.message })),
    ...s3CombinationProblems(env),
    ...(Boolean(env.SMTP_URL) !== Boolean(env.MAIL_FROM)
      ? [
          {
            name: env.SMTP_URL ? "MAIL_FROM" : "SMTP_URL",
            message: "must be set together with the other mail setting (or leave both unset)",
          },
        ]
      : []),
    ...(Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)
      ? [
          {
            name: env.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY",
            message: "must be set together with the other VAPID key (or leave both unset)",
          },
        ]
      : []),
  ];
  if (!result.success || problems.length) {
    const lines = problems.map((problem) => `  ${problem.name}: ${problem.message}`);
    throw new ConfigError(`Mandi cannot start; fix these environment variables:\n${lines.join("\n")}`);
  }
  return result.data;
}

/**
 * The start-up step (server/main.ts, `npm run dev`, the scripts): checks the configuration, then
 * makes DATA_DIR and, where the environment gives none, the auth secret and VAPID pair kept in it,
 * so a fresh install needs no setup. Safe to run again and from several processes at once.
 */
export function prepareDataDir(env: NodeJS.ProcessEnv = process.env): Config {
  const config = loadConfig(env);
  mkdirSync(config.dataDir, { recursive: true });
  if (!config.authSecret) createSecret(config.dataDir);
  if (!config.push.vapid.publicKey) readOrCreateVapidKeys(config.dataDir);
  return loadConfig(env);
}

/** The secrets a configuration lacks: neither given nor made in DATA_DIR by `prepareDataDir`. */
export function missingSecrets(config: Pick<Config, "authSecret" | "push">): string[] {
  return [
    ...(config.authSecret ? [] : ["AUTH_SECRET"]),
    ...(config.push.vapid.publicKey ? [] : ["VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY"]),
  ];
}

/**
 * Rules across S3 variables, read from the raw environment so they are reported together with
 * any malformed value (zod skips whole-object checks once a field has failed).
 */
const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

/** Metrics never share the public port, and leave this machine only behind a token. */
function metricsProblems(e: z.output<typeof envSchema>): Array<{ name: string; message: string }> {
  if (!e.METRICS_PORT) return [];
  if (e.METRICS_PORT === e.PORT)
    return [{ name: "METRICS_PORT", message: "must differ from PORT: metrics are never served on the public port" }];
  if (!LOOPBACK.has(e.METRICS_HOST) && !e.METRICS_TOKEN)
    return [{ name: "METRICS_TOKEN", message: `must be set to serve metrics on ${e.METRICS_HOST} (beyond this machine)` }];
  return [];
}

function s3CombinationProblems(env: NodeJS.ProcessEnv): Array<{ name: string; message: string }> {
  const given = (name: string) => Boolean(env[name]);
  const problems: Array<{ name: string; message: string }> = [];
  if (given("S3_ACCESS_KEY_ID") !== given("S3_SECRET_ACCESS_KEY")) {
    const missing = given("S3_ACCESS_KEY_ID") ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
    problems.push({ name: missing, message: "must be set together with the other S3 key (or leave both unset)" });
  }
  const stray = ["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"].filter(given);
  if (stray.length && !given("S3_BUCKET")) {
    problems.push({
      name: "S3_BUCKET",
      message: `must be set to store photos in S3 (${stray.join(", ")} ${stray.length > 1 ? "are" : "is"} set)`,
    });
  }
  return problems;
}

const SECRET_FILE = "auth-secret";

/** The secret `createSecret` kept in DATA_DIR; empty when there is none yet. */
function keptSecret(dataDir: string): string {
  try {
    return readFileSync(path.join(dataDir, SECRET_FILE), "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "";
    throw error;
  }
}

/** A fresh install needs no setup: the secret is made once and kept beside the data. */
function createSecret(dataDir: string): void {
  try {
    // "wx": if another process (say `npm run seed`) wrote it first, keep theirs.
    writeFileSync(path.join(dataDir, SECRET_FILE), randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}
