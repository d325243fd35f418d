/**
 * Web Push for saved-search alerts (decision 027), through the real services on both engines and
 * a real push service: an HTTPS server on 127.0.0.1 with its own certificate. A phone subscribes
 * with real P-256 keys; the match and push jobs run; the test receives the POST, checks its VAPID
 * signature and decrypts the aes128gcm payload itself (RFC 8291/8188, node:crypto) with the
 * phone's private key and auth secret. Then the push service answers 410 and the subscription goes.
 * The subscribe action is called as React Router calls it.
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as pushAction } from "../../app/routes/my.alerts.push";
import { MESSAGES } from "../../core/i18n/messages";
import { PUSH_MESSAGES } from "../../server/push/push.service";
import { createPushSender } from "../../server/push/push-sender";
import { savedQueryOf } from "../../core/alerts/saved-search";
import { browseQuerySchema } from "../../core/search/search-query";
import { makeProducePhoto } from "../../server/seed/factories";
import { listingFields } from "../support/listings";
import { DEFAULT_PUSH_DOMAINS, issueSpellings, parserDifferentialEndpoints } from "../support/push-endpoints";
import { testEngines } from "../support/test-database";
import { createTestServices, routeContextFor, type TestServices } from "../support/test-services";
import { signedInSeller } from "../support/uploads";

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A push service on 127.0.0.1 over HTTPS (a self-signed certificate the test's agent trusts), on
 * a port of its own or on `port` (443: where the issue's endpoint spellings lead url.parse).
 * `connections` counts every TCP connection made to it, answered or not.
 */
async function startPushService(port = 0) {
  const dir = mkdtempSync(path.join(tmpdir(), "mandi-push-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      path.join(dir, "key.pem"),
      "-out",
      path.join(dir, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
  const cert = readFileSync(path.join(dir, "cert.pem"));
  const key = readFileSync(path.join(dir, "key.pem"));
  rmSync(dir, { recursive: true, force: true });
  const received: Received[] = [];
  const state = { status: 201, failing: new Set<string>() };
  const server = https.createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(state.failing.has(req.url ?? "") ? 503 : state.status).end();
    });
  });
  let connections = 0;
  server.on("connection", () => connections++);
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EACCES"
          ? new Error(`listening on 127.0.0.1:${port} needs root or a lower net.ipv4.ip_unprivileged_port_start`, { cause: error })
          : error,
      ),
    );
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cert,
    received,
    state,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's side of a subscription: its ECDH key pair and auth secret. */
function makePhone(origin: string, name: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    endpoint: `${origin}/push/${name}`,
    p256dh: ecdh.getPublicKey().toString("base64url"),
    authText: auth.toString("base64url"),
  };
}

/** RFC 8291 (Web Push encryption) over RFC 8188 (aes128gcm), as a browser decrypts a message. */
function decryptPush(body: Buffer, phone: { ecdh: ECDH; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  expect(record.length).toBeLessThanOrEqual(recordSize);
  const shared = phone.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), phone.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, phone.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any padding zeros.
  const end = plain.lastIndexOf(2);
  expect(plain.subarray(end + 1).every((b) => b === 0)).toBe(true);
  return plain.subarray(0, end).toString("utf8");
}

/** The VAPID header (RFC 8292): a JWT signed with our private key, for this push service's origin. */
function checkVapid(header: string | undefined, origin: string, publicKey: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? "");
  expect(match, `Authorization: ${header}`).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [head, claims, signature] = jwt!.split(".");
  expect(JSON.parse(Buffer.from(claims!, "base64url").toString())).toMatchObject({ aud: origin });
  const point = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") },
    format: "jwk",
  });
  expect(verify("sha256", Buffer.from(`${head}.${claims}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature!, "base64url"))).toBe(
    true,
  );
}

type AnyAction = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => Promise<unknown>;

async function runAction(request: Request, context: AppLoadContext): Promise<{ status: number; body: Record<string, unknown> }> {
  const result = await (pushAction as AnyAction)({ request, context, params: {} });
  const { data: body, init } = result as { data: Record<string, unknown>; init: ResponseInit | null };
  return { status: init?.status ?? 200, body };
}

// These tests move the app's clock through a retry's backoff: they run on our SQL job driver on
// both engines (pg-boss waits on the database's clock).
// pg-boss's keys, retries and failed jobs are held to the same behaviour in server/jobs/job-queue.test.ts.
describe.each(testEngines())("Web Push on %s", (engine) => {
  let t: TestServices;
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  let buyer: { id: string; cookie: string };
  let other: { id: string; cookie: string };
  let seller: { id: string };
  let photo: Buffer;
  const savedCa = https.globalAgent.options.ca;

  const contextFor = (cookie?: string) => routeContextFor(t, cookie);
  const post = (fields: Record<string, string>, cookie?: string, lang = "en") =>
    runAction(
      new Request("http://127.0.0.1/my/alerts/push", {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { cookie: [cookie, `lang=${lang}`].filter(Boolean).join("; ") },
      }),
      contextFor(cookie),
    );
  const subscribe = (phone: ReturnType<typeof makePhone>, cookie?: string, lang = "en") =>
    post({ intent: "subscribe", endpoint: phone.endpoint, p256dh: phone.p256dh, auth: phone.authText }, cookie, lang);
  const list = async (name: string) => {
    t.clock.now += 60_000;
    const { id } = await t.listings.createListing({
      actor: seller,
      fields: listingFields({ name, price: "24", category: "vegetables", state: "maharashtra", district: "nashik", place: "Lasalgaon" }),
      photos: [{ bytes: photo, fileName: "p.jpg" }],
    });
    // Matching queues the push job; the second pass runs it.
    await t.jobs.runDue();
    await t.jobs.runDue();
    return id;
  };
  const saveOnionSearch = async () => {
    const { id } = await t.alerts.saveSearch({
      actor: buyer,
      query: savedQueryOf(browseQuerySchema.parse({ q: "onion", state: "maharashtra", district: "nashik" })),
    });
    await t.alerts.act({ actor: buyer, action: { intent: "settings", id, pace: "instant", hour: 8, app: "on", push: "on" } });
    return id;
  };

  beforeAll(async () => {
    pushService = await startPushService();
    // The test's push service is trusted as a real one's certificate would be.
    https.globalAgent.options.ca = pushService.cert;
    // The real push services, this test's one (exactly its host and port: an address inside the
    // operator named), and `localhost`: an allowed name that resolves inside.
    t = await createTestServices({
      engine,
      env: { PUSH_SERVICE_HOSTS: [...DEFAULT_PUSH_DOMAINS, new URL(pushService.origin).host, "localhost"].join(","), JOB_DRIVER: "sql" },
    });
    buyer = await signedInSeller(t, 1);
    other = await signedInSeller(t, 2);
    seller = await signedInSeller(t, 3);
    photo = await makeProducePhoto("vegetables", 1, { width: 400, height: 300 });
  });

  afterAll(async () => {
    https.globalAgent.options.ca = savedCa;
    await t?.cleanup();
    await pushService?.close();
  });

  it("sends each phone one encrypted, signed notification in its language, and never again", async () => {
    const english = makePhone(pushService.origin, "english");
    const hindi = makePhone(pushService.origin, "hindi");
    expect(await subscribe(english, buyer.cookie)).toEqual({ status: 200, body: { ok: true, subscribed: true } });
    expect((await subscribe(hindi, buyer.cookie, "hi")).status).toBe(200);
    const searchId = await saveOnionSearch();
    pushService.received.length = 0;

    const listingId = await list("Red Onion");
    expect(pushService.received.map((r) => r.path).sort()).toEqual(["/push/english", "/push/hindi"]);
    for (const request of pushService.received) {
      checkVapid(request.headers.authorization as string, pushService.origin, t.config.push.vapid.publicKey);
      expect(request.headers["content-encoding"]).toBe("aes128gcm");
      expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    }
    const payloadOf = (phone: typeof english) =>
      JSON.parse(decryptPush(pushService.received.find((r) => r.path.endsWith(phone.endpoint.split("/").pop()!))!.body, phone));
    expect(payloadOf(english)).toEqual({
      title: "New: Red Onion",
      body: "₹24 / kg · Lasalgaon, Nashik, Maharashtra",
      url: `/view/${listingId}`,
    });
    expect(payloadOf(hindi)).toEqual({
      title: "नई: Red Onion",
      body: "₹24 / किलो · Lasalgaon, नासिक, महाराष्ट्र",
      url: `/view/${listingId}`,
    });

    // Matching the same listing again (renewed, a retried job) sends nothing twice.
    pushService.received.length = 0;
    await t.alerts.matchListing(listingId);
    await t.jobs.runDue();
    await t.alertPush.sendMatch({ savedSearchId: searchId, listingId });
    expect(pushService.received).toEqual([]);
    await t.alerts.act({ actor: buyer, action: { intent: "delete", id: searchId } });
  });

  it("forgets a phone the push service calls gone (410), and retries when it fails", async () => {
    const searchId = await saveOnionSearch();
    pushService.state.status = 500;
    pushService.received.length = 0;
    const listingId = await list("White Onion");
    // Both phones failed: the job is kept to be retried, and nothing is marked sent.
    expect(pushService.received).toHaveLength(2);
    await expect(t.alertPush.sendMatch({ savedSearchId: searchId, listingId })).rejects.toThrow(/push failed for 2 of 2/);

    pushService.state.status = 410;
    pushService.received.length = 0;
    expect(await t.alertPush.sendMatch({ savedSearchId: searchId, listingId })).toEqual({ sent: 0, gone: 2 });
    expect(pushService.received).toHaveLength(2);
    pushService.state.status = 201;
    // The subscriptions are gone: turning one off now finds nothing.
    expect((await post({ intent: "unsubscribe", endpoint: `${pushService.origin}/push/english` }, buyer.cookie)).status).toBe(404);
    await t.alerts.act({ actor: buyer, action: { intent: "delete", id: searchId } });
  });

  it("refuses bad subscriptions with a clear message, and asks the signed-out to log in", async () => {
    const phone = makePhone(pushService.origin, "checks");
    const bad = [
      { ...phone, endpoint: "http://127.0.0.1/push/plain-http" },
      { ...phone, endpoint: `https://127.0.0.1/${"x".repeat(1200)}` },
      { ...phone, p256dh: "not-a-key" },
      { ...phone, authText: "short" },
    ];
    for (const fields of bad) {
      const outcome = await subscribe(fields, buyer.cookie);
      expect(outcome.status).toBe(400);
      expect(outcome.body.errors).toMatchObject({
        [Object.keys(outcome.body.errors as object)[0]!]: "This browser's notification details could not be read. Please try again.",
      });
    }
    // Somewhere that is not a push service: the server never posts there.
    const elsewhere = await subscribe({ ...phone, endpoint: "https://169.254.169.254/latest/meta-data" }, buyer.cookie);
    expect(outcome(elsewhere)).toEqual([400, "This browser's notification service is not one we can send to."]);
    expect(outcome(await post({ intent: "subscribe" }, buyer.cookie))[0]).toBe(400);
    expect(outcome(await post({ intent: "nonsense" }, buyer.cookie))).toEqual([
      400,
      "Please choose whether to turn notifications on or off.",
    ]);

    const signedOut = await subscribe(phone);
    expect(signedOut).toEqual({
      status: 401,
      body: { errors: { form: MESSAGES.mustLogin }, values: {}, login: "/login?redirectTo=%2Fmy%2Falerts" },
    });
    function outcome(o: { status: number; body: Record<string, unknown> }) {
      return [o.status, Object.values(o.body.errors as Record<string, string>)[0]];
    }
  });

  it("refuses every endpoint the two URL parsers read differently, and never connects inside (a listener on 127.0.0.1:443 hears nothing)", async () => {
    const listener = await startPushService(443);
    try {
      const person = await signedInSeller(t, 6);
      const phone = makePhone(pushService.origin, "differential");
      // Through the action: the issue's six spellings under every push domain, and more variants.
      // The six are well-formed URLs: they are told it is not a push service; some others do not
      // even read as a URL.
      const six = new Set(DEFAULT_PUSH_DOMAINS.flatMap(issueSpellings));
      for (const endpoint of DEFAULT_PUSH_DOMAINS.flatMap(parserDifferentialEndpoints)) {
        const refused = await subscribe({ ...phone, endpoint }, person.cookie);
        expect(refused.status, JSON.stringify(endpoint)).toBe(400);
        const message = six.has(endpoint)
          ? PUSH_MESSAGES.notAPushService
          : expect.stringMatching(/^This browser's notification (service is not one we can send to|details could not be read)\./);
        expect(Object.values(refused.body.errors as Record<string, string>), JSON.stringify(endpoint)).toEqual([message]);
      }
      // An allowed name may still resolve inside: it is stored, and refused when sent to.
      expect((await subscribe({ ...phone, endpoint: "https://localhost/push/resolves-inside" }, person.cookie)).status).toBe(200);
      // Rows as if they had got past the check (stored before it was strict): the issue's six
      // under every push domain, and 127.0.0.1 itself.
      const sessionId = (await t.accounts.getSessionUser(new Headers({ cookie: person.cookie })))!.sessionId;
      const planted = [...DEFAULT_PUSH_DOMAINS.flatMap(issueSpellings), "https://127.0.0.1/push/plain"];
      await t.db.kysely
        .insertInto("push_subscription")
        .values(
          planted.map((endpoint, i) => ({
            id: `planted-${engine}-${i}`,
            user_id: person.id,
            endpoint,
            p256dh: phone.p256dh,
            auth: phone.authText,
            lang: "en",
            session_id: sessionId,
            created_at: t.clock.now,
          })),
        )
        .execute();
      const rows = () => t.db.kysely.selectFrom("push_subscription").select("endpoint").where("user_id", "=", person.id).execute();
      expect(await rows()).toHaveLength(planted.length + 1);

      // The sender alone (its agent), without the service's check: nothing is connected to.
      const send = createPushSender({
        vapid: t.config.push.vapid,
        subject: "mailto:push@example.in",
        serviceHosts: t.config.push.serviceHosts,
      });
      for (const endpoint of [...planted, "https://localhost/push/resolves-inside"]) {
        expect(
          await send({ endpoint, p256dh: phone.p256dh, auth: phone.authText }, { title: "t", body: "b", url: "/" }, "topic"),
          endpoint,
        ).toBe("refused");
      }
      expect(listener.connections()).toBe(0);

      // Listings match: nothing reaches the listener, every such phone is forgotten, and the job
      // is done (not failed, so not retried with backoff).
      const { id: searchId } = await t.alerts.saveSearch({
        actor: person,
        query: savedQueryOf(browseQuerySchema.parse({ q: "onion", state: "maharashtra", district: "nashik" })),
      });
      await t.alerts.act({ actor: person, action: { intent: "settings", id: searchId, pace: "instant", hour: 8, app: "on", push: "on" } });
      const listingId = await list("Onion from Manmad");
      expect(listener.connections()).toBe(0);
      expect(listener.received).toEqual([]);
      expect(await rows()).toEqual([]);
      expect(await t.alertPush.sendMatch({ savedSearchId: searchId, listingId })).toEqual({ sent: 0, gone: 0 });
      t.clock.now += 3_600_000;
      await t.jobs.runDue();
      expect((await t.jobs.stats()).queued).toBe(0);
      expect(listener.connections()).toBe(0);
      await t.alerts.act({ actor: person, action: { intent: "delete", id: searchId } });
    } finally {
      await listener.close();
    }
  });

  it("refuses a phone's endpoint another person holds: it stays theirs", async () => {
    const phone = makePhone(pushService.origin, "held");
    expect((await subscribe(phone, buyer.cookie)).status).toBe(200);
    // Someone else posts the same endpoint with keys of their own.
    const intruder = { ...makePhone(pushService.origin, "held"), endpoint: phone.endpoint };
    const taken = await subscribe(intruder, other.cookie);
    expect(taken).toMatchObject({ status: 409, body: { errors: { form: PUSH_MESSAGES.heldByAnother } } });
    const row = await t.db.kysely
      .selectFrom("push_subscription")
      .select(["user_id", "p256dh", "auth"])
      .where("endpoint", "=", phone.endpoint)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: buyer.id, p256dh: phone.p256dh, auth: phone.authText });
    // Not theirs to ask about or turn off either; the owner still hears, with the owner's keys.
    expect(await post({ intent: "status", endpoint: phone.endpoint }, other.cookie)).toEqual({
      status: 200,
      body: { ok: true, subscribed: false },
    });
    const searchId = await saveOnionSearch();
    pushService.received.length = 0;
    await list("Onion held by its owner");
    expect(pushService.received.map((r) => r.path)).toEqual(["/push/held"]);
    expect(JSON.parse(decryptPush(pushService.received[0]!.body, phone))).toMatchObject({ title: "New: Onion held by its owner" });
    // The owner subscribing it again (new keys) still replaces their own row.
    const renewed = { ...makePhone(pushService.origin, "held"), endpoint: phone.endpoint };
    expect((await subscribe(renewed, buyer.cookie)).status).toBe(200);
    expect(
      (await t.db.kysely.selectFrom("push_subscription").select("p256dh").where("endpoint", "=", phone.endpoint).executeTakeFirstOrThrow())
        .p256dh,
    ).toBe(renewed.p256dh);
    expect((await post({ intent: "unsubscribe", endpoint: phone.endpoint }, buyer.cookie)).status).toBe(200);
    await t.alerts.act({ actor: buyer, action: { intent: "delete", id: searchId } });
  });

  it("lets nobody turn off someone else's phone", async () => {
    const phone = makePhone(pushService.origin, "buyers-phone");
    await subscribe(phone, buyer.cookie);
    const attempt = await post({ intent: "unsubscribe", endpoint: phone.endpoint }, other.cookie);
    expect(attempt.status).toBe(404);
    expect(attempt.body.errors).toEqual({ form: "We could not find notifications for this phone among yours." });
    // Still the buyer's: it is sent to, and the buyer can turn it off.
    const searchId = await saveOnionSearch();
    pushService.received.length = 0;
    await list("Onion, Nashik red");
    expect(pushService.received.map((r) => r.path)).toEqual(["/push/buyers-phone"]);
    expect(await post({ intent: "unsubscribe", endpoint: phone.endpoint }, buyer.cookie)).toEqual({
      status: 200,
      body: { ok: true, subscribed: false },
    });
    await t.alerts.act({ actor: buyer, action: { intent: "delete", id: searchId } });
  });

  it("when one phone's push service fails, retries that phone alone and tells the others once", async () => {
    const fine = makePhone(pushService.origin, "fine");
    const flaky = makePhone(pushService.origin, "flaky");
    await subscribe(fine, buyer.cookie);
    await subscribe(flaky, buyer.cookie);
    const searchId = await saveOnionSearch();
    pushService.state.failing.add("/push/flaky");
    pushService.received.length = 0;
    await list("Onion from Niphad");
    expect(pushService.received.map((r) => r.path).sort()).toEqual(["/push/fine", "/push/flaky"]);

    // The flaky phone's own job retries (after its backoff); the fine phone hears nothing more.
    pushService.state.failing.clear();
    pushService.received.length = 0;
    t.clock.now += 3_600_000;
    await t.jobs.runDue();
    expect(pushService.received.map((r) => r.path)).toEqual(["/push/flaky"]);
    expect(decryptPush(pushService.received[0]!.body, flaky)).toContain("Onion from Niphad");
    pushService.received.length = 0;
    t.clock.now += 3_600_000;
    await t.jobs.runDue();
    expect(pushService.received).toEqual([]);
    await post({ intent: "unsubscribe", endpoint: fine.endpoint }, buyer.cookie);
    await post({ intent: "unsubscribe", endpoint: flaky.endpoint }, buyer.cookie);
    await t.alerts.act({ actor: buyer, action: { intent: "delete", id: searchId } });
  });

  it("sends only to phones whose session is still signed in, and forgets the others unsent", async () => {
    // One person on four phones: each signed in with a session of its own.
    const email = "uploader4@example.in";
    const person = await signedInSeller(t, 4);
    const signIn = async (password = "long-enough-pw") =>
      (await t.accounts.signIn({ email, password }, new Headers()))
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    const sessionIdOf = async (cookie: string) => (await t.accounts.getSessionUser(new Headers({ cookie })))!.sessionId;
    const sessions = { expired: await signIn(), revoked: await signIn(), old: await signIn(), live: person.cookie };
    const phones = {
      expired: makePhone(pushService.origin, "expired"),
      revoked: makePhone(pushService.origin, "revoked"),
      old: makePhone(pushService.origin, "from-before"),
      live: makePhone(pushService.origin, "still-signed-in"),
    };
    for (const key of ["expired", "revoked", "old", "live"] as const)
      expect((await subscribe(phones[key], sessions[key])).status).toBe(200);
    const rows = () =>
      t.db.kysely
        .selectFrom("push_subscription")
        .select(["endpoint", "session_id"])
        .where("user_id", "=", person.id)
        .orderBy("endpoint")
        .execute();
    expect(await rows()).toHaveLength(4);
    expect((await rows()).find((r) => r.endpoint === phones.live.endpoint)?.session_id).toBe(await sessionIdOf(sessions.live));
    const expiredSessionId = await sessionIdOf(sessions.expired);
    const revokedSessionId = await sessionIdOf(sessions.revoked);

    // A subscription saved before sessions were recorded (migration 0023) names none.
    await t.db.kysely.updateTable("push_subscription").set({ session_id: null }).where("endpoint", "=", phones.old.endpoint).execute();
    // The first phone's session runs out: its 30 days passed, nobody signed out.
    const { adapter } = await t.auth.$context;
    await adapter.update({
      model: "session",
      where: [{ field: "id", value: expiredSessionId }],
      update: { expiresAt: new Date(t.clock.now - 1000) },
    });
    // On the live phone the person changes their password: every other session ends (decision 012).
    // better-auth ends that one too and signs this browser in anew: its phone follows to the new session.
    const renewed = await t.accounts.changePassword(
      { currentPassword: "long-enough-pw", newPassword: "another-long-pw" },
      new Headers({ cookie: sessions.live }),
    );
    const liveCookie = renewed
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(await t.accounts.getSessionUser(new Headers({ cookie: sessions.live }))).toBeNull();
    expect((await rows()).find((r) => r.endpoint === phones.live.endpoint)?.session_id).toBe(await sessionIdOf(liveCookie));
    expect(await t.accounts.getSessionUser(new Headers({ cookie: sessions.revoked }))).toBeNull();
    expect(
      await t.db.kysely
        .withTables<{ session: { id: string } }>()
        .selectFrom("session")
        .select("id")
        .where("id", "=", revokedSessionId)
        .executeTakeFirst(),
    ).toBeUndefined();

    const { id: searchId } = await t.alerts.saveSearch({
      actor: person,
      query: savedQueryOf(browseQuerySchema.parse({ q: "onion", state: "maharashtra", district: "nashik" })),
    });
    await t.alerts.act({ actor: person, action: { intent: "settings", id: searchId, pace: "instant", hour: 8, app: "on", push: "on" } });
    pushService.received.length = 0;
    await list("Onion from Pimpalgaon");
    // Exactly one push, to the phone still signed in; the ended ones are forgotten, not told.
    expect(pushService.received.map((r) => r.path)).toEqual(["/push/still-signed-in"]);
    expect(JSON.parse(decryptPush(pushService.received[0]!.body, phones.live))).toMatchObject({ title: "New: Onion from Pimpalgaon" });
    expect((await rows()).map((r) => r.endpoint)).toEqual([phones.live.endpoint]);

    // The same person signs in again on the phone whose session expired and opens My alerts: the
    // switch asks, and hears the truth (off); turning it on binds it to the new session.
    const again = await signIn("another-long-pw");
    expect(await post({ intent: "status", endpoint: phones.expired.endpoint }, again)).toEqual({
      status: 200,
      body: { ok: true, subscribed: false },
    });
    expect(await post({ intent: "status", endpoint: phones.live.endpoint }, liveCookie)).toEqual({
      status: 200,
      body: { ok: true, subscribed: true },
    });
    // Nobody else's phone reads as on for them.
    expect(await post({ intent: "status", endpoint: phones.live.endpoint }, other.cookie)).toEqual({
      status: 200,
      body: { ok: true, subscribed: false },
    });
    expect((await subscribe(phones.expired, again)).status).toBe(200);
    expect((await rows()).find((r) => r.endpoint === phones.expired.endpoint)?.session_id).toBe(await sessionIdOf(again));
    pushService.received.length = 0;
    await list("Onion from Chandwad");
    expect(pushService.received.map((r) => r.path).sort()).toEqual(["/push/expired", "/push/still-signed-in"]);
    await t.alerts.act({ actor: person, action: { intent: "delete", id: searchId } });
  });

  it("tells a banned person's phone nothing: the ban ended its session", async () => {
    const person = await signedInSeller(t, 5);
    const phone = makePhone(pushService.origin, "banned");
    expect((await subscribe(phone, person.cookie)).status).toBe(200);
    const { id: searchId } = await t.alerts.saveSearch({
      actor: person,
      query: savedQueryOf(browseQuerySchema.parse({ q: "onion", state: "maharashtra", district: "nashik" })),
    });
    await t.alerts.act({ actor: person, action: { intent: "settings", id: searchId, pace: "instant", hour: 8, app: "on", push: "on" } });
    await t.moderation.banPerson({ actor: { commandLine: true }, personId: person.id, reason: "Asked buyers for an advance" });
    pushService.received.length = 0;
    const listingId = await list("Onion from Yeola");
    // Whether or not matching still finds their search, the job sends nothing to their phone.
    await t.alertPush.sendMatch({ savedSearchId: searchId, listingId });
    expect(pushService.received.map((r) => r.path)).not.toContain("/push/banned");
    expect(await t.db.kysely.selectFrom("push_subscription").select("id").where("user_id", "=", person.id).execute()).toEqual([]);
  });

  it("forgets a person's phones when they delete their account", async () => {
    const phone = makePhone(pushService.origin, "leaving");
    await subscribe(phone, other.cookie);
    const phones = () => t.db.kysely.selectFrom("push_subscription").select("endpoint").where("user_id", "=", other.id).execute();
    expect(await phones()).toEqual([{ endpoint: phone.endpoint }]);
    const actor = await t.accounts.getSessionUser(new Headers({ cookie: other.cookie }));
    await t.accountDeletion.deleteAccount({ actor, password: "long-enough-pw", requestHeaders: new Headers({ cookie: other.cookie }) });
    expect(await phones()).toEqual([]);
  });

  it("keeps the VAPID pair made in DATA_DIR across restarts", async () => {
    const { loadConfig } = await import("../../server/config");
    const again = loadConfig({ NODE_ENV: "test", DATA_DIR: t.dataDir, AUTH_SECRET: "x".repeat(32) });
    expect(again.push.vapid).toEqual(t.config.push.vapid);
  });
});
