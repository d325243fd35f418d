import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, configWarnings, loadConfig, missingSecrets, prepareDataDir } from "./config";
import { createServices } from "./services";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "mandi-config-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("loadConfig", () => {
  it("runs with no variables: SQLite in DATA_DIR and a secret generated once and kept", () => {
    const dataDir = tempDir();
    const config = prepareDataDir({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ port: 3000, host: "127.0.0.1", env: "production", baseUrl: "http://localhost:3000" });
    expect(config.databaseUrl).toBe(`sqlite:${path.join(dataDir, "mandi.sqlite")}`);
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, "auth-secret"), "utf8")).toBe(config.authSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(config.authSecret);
  });

  it("lists every bad variable in one message", () => {
    const attempt = () =>
      loadConfig({ DATA_DIR: tempDir(), PORT: "eighty", DATABASE_URL: "mysql://x", AUTH_SECRET: "short", LOG_LEVEL: "loud" });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ["PORT", "DATABASE_URL", "AUTH_SECRET", "LOG_LEVEL"]) expect(message).toContain(name);
    }
  });

  it("has upload limits with defaults, set from the environment, and refuses nonsense", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).uploads).toEqual({
      maxPhotosPerListing: 5,
      maxInFlightPerUser: 10,
      expiryMs: 24 * 3_600_000,
      dir: path.join(dataDir, "uploads"),
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, MAX_PHOTOS_PER_LISTING: "3", MAX_UPLOADS_IN_FLIGHT: "4", UPLOAD_EXPIRY_HOURS: "0.5" }).uploads,
    ).toMatchObject({
      maxPhotosPerListing: 3,
      maxInFlightPerUser: 4,
      expiryMs: 1_800_000,
    });
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, MAX_PHOTOS_PER_LISTING: "6", MAX_UPLOADS_IN_FLIGHT: "0", UPLOAD_EXPIRY_HOURS: "-1" }),
    ).toThrow(/MAX_PHOTOS_PER_LISTING[\s\S]*MAX_UPLOADS_IN_FLIGHT[\s\S]*UPLOAD_EXPIRY_HOURS/);
  });

  it("takes PostgreSQL and a public base URL from the environment", () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      DATABASE_URL: "postgres://127.0.0.1/test",
      DATABASE_POOL_SIZE: "25",
      BASE_URL: "https://mandi.example",
    });
    expect(config.databaseUrl).toBe("postgres://127.0.0.1/test");
    expect(config.databasePoolSize).toBe(25);
    expect(loadConfig({ DATA_DIR: tempDir() }).databasePoolSize).toBe(10);
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_POOL_SIZE: "1" })).toThrow(/DATABASE_POOL_SIZE/);
    expect(config.baseUrl).toBe("https://mandi.example");
  });

  it("bounds every wait by default (a 503 within about 5 s) and takes other bounds from the environment", () => {
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({
      databaseTimeouts: { statementMs: 4_000, acquireMs: 2_000, sqliteBusyMs: 2_000, connectSeconds: 60 },
      pageConcurrency: { max: 4, queueLength: 8, queueTargetMs: 50, queueWaitMs: 500 },
    });
    const config = loadConfig({
      DATA_DIR: tempDir(),
      DATABASE_STATEMENT_TIMEOUT_MS: "1500",
      SQLITE_BUSY_TIMEOUT_MS: "0",
      PAGE_CONCURRENCY: "0",
    });
    expect(config.databaseTimeouts).toMatchObject({ statementMs: 1_500, sqliteBusyMs: 0 });
    expect(config.pageConcurrency.max).toBe(0);
    expect(loadConfig({ DATA_DIR: tempDir() }).shutdownGraceMs).toBe(10_000);
    expect(loadConfig({ DATA_DIR: tempDir(), SHUTDOWN_GRACE_MS: "2500" }).shutdownGraceMs).toBe(2_500);
  });

  it("lets 4 pages start at once on either engine unless told, and checks the line's settings", () => {
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: "postgres://127.0.0.1/test" }).pageConcurrency).toEqual({
      max: 4,
      queueLength: 8,
      queueTargetMs: 50,
      queueWaitMs: 500,
    });
    expect(loadConfig({ DATA_DIR: tempDir() }).pageConcurrency.max).toBe(4);
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        PAGE_CONCURRENCY: "3",
        PAGE_QUEUE_LENGTH: "0",
        PAGE_QUEUE_TARGET_MS: "20",
        PAGE_QUEUE_WAIT_MS: "200",
      }).pageConcurrency,
    ).toEqual({ max: 3, queueLength: 0, queueTargetMs: 20, queueWaitMs: 200 });
    expect(() => loadConfig({ DATA_DIR: tempDir(), PAGE_QUEUE_LENGTH: "-1", PAGE_QUEUE_TARGET_MS: "0" })).toThrow(
      /PAGE_QUEUE_LENGTH[\s\S]*PAGE_QUEUE_TARGET_MS/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), PAGE_QUEUE_TARGET_MS: "300", PAGE_QUEUE_WAIT_MS: "200" })).toThrow(
      /PAGE_QUEUE_TARGET_MS: must be less than PAGE_QUEUE_WAIT_MS \(200\)/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), DATABASE_STATEMENT_TIMEOUT_MS: "fast", DATABASE_CONNECT_TIMEOUT_SECONDS: "-1" }),
    ).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS[\s\S]*DATABASE_CONNECT_TIMEOUT_SECONDS/);
  });
});

describe("loadConfig: workers and the page cache", () => {
  it("runs one process with a 1 s, 32 MB page cache by default, and takes other values from the environment", () => {
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({ workers: 1, pageCache: { ttlMs: 1000, maxBytes: 32 * 1024 * 1024 } });
    expect(loadConfig({ DATA_DIR: tempDir(), WEB_CONCURRENCY: "4", PAGE_CACHE_MS: "0", PAGE_CACHE_MB: "0.5" })).toMatchObject({
      workers: 4,
      pageCache: { ttlMs: 0, maxBytes: 512 * 1024 },
    });
    expect(() => loadConfig({ DATA_DIR: tempDir(), WEB_CONCURRENCY: "0", PAGE_CACHE_MS: "-1", PAGE_CACHE_MB: "lots" })).toThrow(
      /WEB_CONCURRENCY[\s\S]*PAGE_CACHE_MS[\s\S]*PAGE_CACHE_MB/,
    );
  });
});

describe("loadConfig: photo storage", () => {
  it("keeps photos in DATA_DIR/media unless S3_BUCKET is set", () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.storage).toEqual({ driver: "local", dir: path.join(dataDir, "media") });
    expect(config.mediaDir).toBe(path.join(dataDir, "media"));
  });

  it("switches to S3 with every setting given", () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      S3_BUCKET: "mandi-photos",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_REGION: "ap-south-1",
      S3_ACCESS_KEY_ID: "minio",
      S3_SECRET_ACCESS_KEY: "minio-secret",
      S3_FORCE_PATH_STYLE: "1",
    });
    expect(config.storage).toEqual({
      driver: "s3",
      bucket: "mandi-photos",
      endpoint: "http://127.0.0.1:9000",
      region: "ap-south-1",
      accessKeyId: "minio",
      secretAccessKey: "minio-secret",
      forcePathStyle: true,
    });
  });

  it("needs only the bucket for AWS: region us-east-1, virtual-hosted addressing, the SDK's own credentials", () => {
    const config = loadConfig({ DATA_DIR: tempDir(), S3_BUCKET: "mandi-photos" });
    expect(config.storage).toEqual({
      driver: "s3",
      bucket: "mandi-photos",
      region: "us-east-1",
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    for (const [value, expected] of [
      ["true", true],
      ["false", false],
      ["0", false],
    ] as const) {
      const storage = loadConfig({ DATA_DIR: tempDir(), S3_BUCKET: "b-1", S3_FORCE_PATH_STYLE: value }).storage;
      expect(storage.driver === "s3" && storage.forcePathStyle).toBe(expected);
    }
  });

  it("lists every bad S3 variable in one message, with the other bad variables", () => {
    const messageFor = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: tempDir(), ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error("loadConfig accepted a bad configuration");
    };

    const message = messageFor({
      PORT: "eighty",
      S3_BUCKET: "Mandi_Photos",
      S3_ENDPOINT: "ftp://files.example",
      S3_ACCESS_KEY_ID: "only-the-id",
      S3_FORCE_PATH_STYLE: "yes",
    });
    expect(message).toContain("PORT");
    expect(message).toMatch(/S3_BUCKET: must be a bucket name/);
    expect(message).toMatch(/S3_ENDPOINT: must be an http:\/\/ or https:\/\/ address/);
    expect(message).toMatch(/S3_SECRET_ACCESS_KEY: must be set together with the other S3 key/);
    expect(message).toMatch(/S3_FORCE_PATH_STYLE: must be "true" or "false"/);

    expect(messageFor({ S3_BUCKET: "mandi", S3_SECRET_ACCESS_KEY: "only-the-secret" })).toMatch(/S3_ACCESS_KEY_ID: must be set together/);
    // S3 settings without a bucket are a forgotten S3_BUCKET, not a reason to quietly stay local.
    expect(messageFor({ S3_ENDPOINT: "http://127.0.0.1:9000", S3_REGION: "ap-south-1" })).toMatch(
      /S3_BUCKET: must be set to store photos in S3 \(S3_ENDPOINT, S3_REGION are set\)/,
    );
  });
});

describe("loadConfig: metrics", () => {
  it("serves none by default, and on this machine when METRICS_PORT is set", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).metrics).toBeNull();
    expect(loadConfig({ DATA_DIR: tempDir(), METRICS_PORT: "9464" }).metrics).toEqual({ port: 9464, host: "127.0.0.1", token: undefined });
  });

  it("never on the public port, and beyond this machine only with a token", () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: "3000", METRICS_PORT: "3000" })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" })).toThrow(/METRICS_TOKEN: must be set/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), METRICS_PORT: "9464", METRICS_TOKEN: "short" })).toThrow(
      /METRICS_TOKEN: must be at least 16/,
    );
    const token = "a-long-enough-scrape-token";
    expect(loadConfig({ DATA_DIR: tempDir(), METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0", METRICS_TOKEN: token }).metrics).toEqual({
      port: 9464,
      host: "0.0.0.0",
      token,
    });
  });
});

describe("configWarnings", () => {
  it("warns at start about TRUST_PROXY=true, which believes any X-Forwarded-For a client writes, and about no safer setting", () => {
    const warned = (value: string) => configWarnings(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: value }));
    expect(warned("true")).toEqual([expect.stringMatching(/^TRUST_PROXY=true believes any address a client writes/)]);
    for (const safer of ["loopback", "1", "2", "10.0.0.0/24", "10.0.0.10, 10.0.0.11", "false"]) expect(warned(safer), safer).toEqual([]);
  });
});

describe("loadConfig writes nothing; prepareDataDir is the start-up step that does", () => {
  it("loads twice from a folder that does not exist yet without making it or anything in it", () => {
    const dataDir = path.join(tempDir(), "fresh");
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(existsSync(dataDir)).toBe(false);
    // Neither given nor made yet: empty, and named by missingSecrets (createServices refuses it).
    expect(first.authSecret).toBe("");
    expect(first.push.vapid).toEqual({ publicKey: "", privateKey: "" });
    expect(missingSecrets(second)).toEqual(["AUTH_SECRET", "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY"]);
  });

  it("reads what prepareDataDir made, from a folder it may not write to, and changes nothing there", () => {
    const dataDir = tempDir();
    const prepared = prepareDataDir({ DATA_DIR: dataDir });
    expect(missingSecrets(prepared)).toEqual([]);
    const before = snapshot(dataDir);
    chmodSync(dataDir, 0o555);
    try {
      const loaded = loadConfig({ DATA_DIR: dataDir });
      expect(loaded.authSecret).toBe(prepared.authSecret);
      expect(loaded.push.vapid).toEqual(prepared.push.vapid);
      // Again at the next start: what is kept is used, nothing is made.
      expect(prepareDataDir({ DATA_DIR: dataDir }).authSecret).toBe(prepared.authSecret);
    } finally {
      chmodSync(dataDir, 0o755);
    }
    expect(snapshot(dataDir)).toEqual(before);
  });

  it("makes nothing when the given settings leave nothing to make, or are wrong", () => {
    const dataDir = tempDir();
    const secret = "a-secret-given-by-the-operator-0123456789";
    const keys = { VAPID_PUBLIC_KEY: `B${"A".repeat(86)}`, VAPID_PRIVATE_KEY: "A".repeat(43) };
    expect(prepareDataDir({ DATA_DIR: dataDir, AUTH_SECRET: secret, ...keys }).authSecret).toBe(secret);
    expect(readdirSync(dataDir)).toEqual([]);
    const notYet = path.join(tempDir(), "not-yet");
    expect(() => prepareDataDir({ DATA_DIR: notYet, PORT: "eighty" })).toThrow(/PORT/);
    expect(existsSync(notYet)).toBe(false);
  });

  it("is refused by createServices before anything is opened, when a secret is neither given nor made", async () => {
    const dataDir = tempDir();
    await expect(createServices(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }))).rejects.toThrow(
      /AUTH_SECRET and VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or let prepareDataDir make them/,
    );
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

/** Every file in a folder with its bytes and modification time. */
function snapshot(dir: string) {
  return readdirSync(dir)
    .sort()
    .map((name) => ({ name, bytes: readFileSync(path.join(dir, name), "utf8"), mtimeMs: statSync(path.join(dir, name)).mtimeMs }));
}

describe("SMS settings (decision 058)", () => {
  it("has no provider by default, and the daily limits' defaults", () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.sms).toEqual({
      provider: null,
      languages: ["en", "hi"],
      timeoutMs: 5000,
      limits: { perPhonePerDay: 5, perAccountPerDay: 8, perAddressPerDay: 20, perDay: 2000 },
    });
  });

  it("refuses a provider named without what it needs, naming each setting", () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), SMS_PROVIDER: "twilio" })).toThrow(
      /TWILIO_ACCOUNT_SID: must be set[\s\S]*TWILIO_AUTH_TOKEN: must be set[\s\S]*SMS_SENDER_ID: must be set/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), SMS_PROVIDER: "msg91", MSG91_AUTH_KEY: "key-0123456789" })).toThrow(
      /MSG91_TEMPLATE_ID: must be set/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), SMS_PROVIDER: "sns" })).toThrow(/SMS_PROVIDER: must be "twilio", "msg91" or "none"/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), SMS_SENDER_ID: "mandi" })).toThrow(/SMS_SENDER_ID/);
  });

  it("reads Twilio's and MSG91's settings, with the provider's own API unless SMS_API_URL is set", () => {
    const twilio = loadConfig({
      DATA_DIR: tempDir(),
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: `AC${"a".repeat(32)}`,
      TWILIO_AUTH_TOKEN: "t".repeat(32),
      SMS_SENDER_ID: "MANDIO",
    });
    expect(twilio.sms.provider).toMatchObject({ name: "twilio", apiUrl: "https://api.twilio.com", from: { sender: "MANDIO" } });
    const msg91 = loadConfig({
      DATA_DIR: tempDir(),
      SMS_PROVIDER: "msg91",
      MSG91_AUTH_KEY: "key-0123456789",
      MSG91_TEMPLATE_ID: "templateEn01",
      SMS_API_URL: "http://127.0.0.1:9",
    });
    // Without MSG91_TEMPLATE_ID_HI and SMS_LANGUAGES, English only: Hindi pages' codes by the English template, as before.
    expect(msg91.sms).toMatchObject({
      languages: ["en"],
      provider: { name: "msg91", apiUrl: "http://127.0.0.1:9", templateIds: { en: "templateEn01" } },
    });
  });

  const msg91Env = { SMS_PROVIDER: "msg91", MSG91_AUTH_KEY: "key-0123456789", MSG91_TEMPLATE_ID: "templateEn01" };

  it("reads SMS_LANGUAGES in LANGUAGES' order, forgiving spaces, capitals and repeats, and MSG91's template id of each", () => {
    expect(loadConfig({ DATA_DIR: tempDir(), SMS_LANGUAGES: " ta, EN,hi,ta " }).sms.languages).toEqual(["en", "hi", "ta"]);
    expect(loadConfig({ DATA_DIR: tempDir(), SMS_LANGUAGES: "en" }).sms.languages).toEqual(["en"]);
    const config = loadConfig({
      DATA_DIR: tempDir(),
      ...msg91Env,
      SMS_LANGUAGES: "en,hi,ta,ur",
      MSG91_TEMPLATE_ID_HI: "templateHi01",
      MSG91_TEMPLATE_ID_TA: "templateTa01",
      MSG91_TEMPLATE_ID_UR: "templateUr01",
      // Set but not listed: not used.
      MSG91_TEMPLATE_ID_BN: "templateBn01",
    });
    expect(config.sms.languages).toEqual(["en", "hi", "ta", "ur"]);
    expect(config.sms.provider).toMatchObject({
      templateIds: { en: "templateEn01", hi: "templateHi01", ta: "templateTa01", ur: "templateUr01" },
    });
    expect(config.sms.provider?.name === "msg91" && Object.keys(config.sms.provider.templateIds)).toEqual(["en", "hi", "ta", "ur"]);
  });

  it("refuses an unknown language code, a list without en, and a listed language without MSG91's template id", () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), SMS_LANGUAGES: "en,hi,xx,tam" })).toThrow(
      /SMS_LANGUAGES: "xx", "tam" are not languages Mandi speaks: use codes of en,hi,bn,te,mr,ta,gu,or,kn,pa,ur,ml/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), SMS_LANGUAGES: "en,sa" })).toThrow(/SMS_LANGUAGES: "sa" is not a language Mandi speaks/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), SMS_LANGUAGES: "hi,ta" })).toThrow(/SMS_LANGUAGES: must include en/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), SMS_LANGUAGES: "" })).toThrow(/SMS_LANGUAGES: must include en/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...msg91Env, SMS_LANGUAGES: "en,hi,ta", MSG91_TEMPLATE_ID_HI: "templateHi01" })).toThrow(
      /MSG91_TEMPLATE_ID_TA: must be set with SMS_PROVIDER=msg91 and ta in SMS_LANGUAGES/,
    );
    // Listed explicitly, Hindi needs its id too (only the unset default keeps the old fallback).
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...msg91Env, SMS_LANGUAGES: "en,hi" })).toThrow(/MSG91_TEMPLATE_ID_HI: must be set/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...msg91Env, MSG91_TEMPLATE_ID_TA: "no spaces allowed" })).toThrow(
      /MSG91_TEMPLATE_ID_TA: must be an MSG91 template id/,
    );
    // Twilio matches the Body against the templates in its console: the list alone is enough.
    const twilio = loadConfig({
      DATA_DIR: tempDir(),
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: `AC${"a".repeat(32)}`,
      TWILIO_AUTH_TOKEN: "t".repeat(32),
      SMS_SENDER_ID: "MANDIO",
      SMS_LANGUAGES: "en,hi,ta",
    });
    expect(twilio.sms.languages).toEqual(["en", "hi", "ta"]);
  });
});
