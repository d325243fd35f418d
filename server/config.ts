/**
 * Environment → typed configuration, checked once at start-up. Every bad variable is listed in
 * one message so an operator can fix them all at once.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { MAX_IMAGE_BYTES } from "../core/constants";
import { MAX_PHOTOS_PER_LISTING } from "../core/upload-task";

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
  /** Public address of the site (used for auth cookies and origin checks). */
  BASE_URL: z.url().optional(),
  /** Secret for signing sessions; generated and kept in DATA_DIR when not given. */
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  MAX_IMAGE_BYTES: z.coerce.number().int().positive().default(MAX_IMAGE_BYTES),
  /** Photos one listing may carry (at most the product's 5). */
  MAX_PHOTOS_PER_LISTING: z.coerce.number().int().min(1).max(MAX_PHOTOS_PER_LISTING).default(MAX_PHOTOS_PER_LISTING),
  /** Resumable uploads one person may have started and not yet put on a listing. */
  MAX_UPLOADS_IN_FLIGHT: z.coerce.number().int().positive().default(10),
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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  baseUrl: string;
  authSecret: string;
  maxImageBytes: number;
  uploads: { maxPhotosPerListing: number; maxInFlightPerUser: number; expiryMs: number; dir: string };
  authRateLimits: { signInPerMinute: number; signUpPerMinute: number };
  trustProxy: boolean | number | string;
  logLevel: z.output<typeof envSchema>["LOG_LEVEL"];
  mediaDir: string;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Mandi cannot start; fix these environment variables:\n${lines.join("\n")}`);
  }
  const e = result.data;
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${path.join(dataDir, "mandi.sqlite")}`,
    baseUrl: e.BASE_URL ?? `http://localhost:${e.PORT}`,
    authSecret: e.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    maxImageBytes: e.MAX_IMAGE_BYTES,
    uploads: {
      maxPhotosPerListing: e.MAX_PHOTOS_PER_LISTING,
      maxInFlightPerUser: e.MAX_UPLOADS_IN_FLIGHT,
      expiryMs: Math.round(e.UPLOAD_EXPIRY_HOURS * 3_600_000),
      dir: path.join(dataDir, "uploads"),
    },
    authRateLimits: { signInPerMinute: e.AUTH_SIGNIN_PER_MINUTE, signUpPerMinute: e.AUTH_SIGNUP_PER_MINUTE },
    trustProxy: e.TRUST_PROXY === "true" ? true : e.TRUST_PROXY === "false" ? false : /^\d+$/.test(e.TRUST_PROXY) ? Number(e.TRUST_PROXY) : e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    mediaDir: path.join(dataDir, "media"),
  };
}

/** A fresh install needs no setup: the secret is made once and kept beside the data. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (!existsSync(file)) {
    try {
      // "wx": if another process (say `npm run seed`) wrote it first, keep theirs.
      writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return readFileSync(file, "utf8").trim();
}
