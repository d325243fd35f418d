/** better-auth's own endpoints, over real HTTP through the real Express app, on each engine. */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testEngines } from "../../tests/support/test-database";
import { startTestHttpApp, type TestHttpApp } from "../../tests/support/test-http-app";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { createLogger } from "../logger";
import { createServices } from "../services";

describe.each(testEngines())("the /api/auth endpoints on %s", (engine) => {
  let t: TestServices;
  let http: TestHttpApp;

  beforeAll(async () => {
    t = await createTestServices({ engine });
    http = await startTestHttpApp(t);
  });
  afterAll(async () => {
    await http.close();
    await t.cleanup();
  });

  /** JSON.stringify escapes a lone surrogate as \udXXX, which JSON.parse on the server turns back into one. */
  const post = (path: string, body: unknown, headers: Record<string, string> = {}, instance = http.url) =>
    fetch(`${instance}/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: http.origin, ...headers },
      body: JSON.stringify(body),
    });

  let n = 0;
  const account = (overrides: Record<string, unknown> = {}) => {
    n += 1;
    return {
      name: `Buyer ${n}`,
      email: `buyer${n}@example.in`,
      phone: `98765432${String(n).padStart(2, "0")}`,
      password: "long-enough-pw",
      ...overrides,
    };
  };

  const storedUser = (email: string) => t.db.kysely.selectFrom("user").selectAll().where("email", "=", email).executeTakeFirst();

  /** The stored name's bytes, read back with a decoder that refuses invalid UTF-8. */
  async function storedNameIsValidUtf8(email: string): Promise<boolean> {
    const row = await t.db.kysely
      .selectFrom("user")
      .select((eb) =>
        (engine === "sqlite"
          ? eb.fn<string>("hex", ["name"])
          : eb.fn<string>("encode", [eb.fn("convert_to", ["name", eb.val("UTF8")]), eb.val("hex")])
        ).as("hex"),
      )
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(row.hex, "hex"));
      return true;
    } catch {
      return false;
    }
  }

  /** A 400 whose message belongs beside `field`. */
  async function expectRefused(response: Response, field: string, message: string | RegExp) {
    expect(response.status).toBe(400);
    const body = (await response.json()) as { field?: string; message?: string };
    expect(body.field).toBe(field);
    expect(body.message).toMatch(message);
  }

  async function signedIn(input: ReturnType<typeof account>): Promise<string> {
    expect((await post("/sign-up/email", input)).status).toBe(200);
    const response = await post("/sign-in/email", { email: input.email, password: input.password });
    expect(response.status).toBe(200);
    return response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }

  describe("sign-up", () => {
    it("stores a lone surrogate in the name as U+FFFD: the stored name is valid UTF-8", async () => {
      const input = account({ name: "Asha\ud800 Devi" });
      const response = await post("/sign-up/email", input);
      expect(response.status).toBe(200);
      expect((await storedUser(input.email))?.name).toBe("Asha\ufffd Devi");
      expect(await storedNameIsValidUtf8(input.email)).toBe(true);
    });

    it("removes NUL, bidi overrides and zero-width spaces from the name and keeps Devanagari as typed", async () => {
      const input = account({ name: "\u202eराम\u0000 कुमार\u200b" });
      expect((await post("/sign-up/email", input)).status).toBe(200);
      expect((await storedUser(input.email))?.name).toBe("राम कुमार");
    });

    it("refuses a name of only invisible characters or marks with a 400 that names the name, and stores nothing", async () => {
      for (const name of ["\u200b\u200b", "\u0301\u0301", "\u202e"]) {
        const input = account({ name });
        await expectRefused(await post("/sign-up/email", input), "name", /your full name/);
        expect(await storedUser(input.email)).toBeUndefined();
      }
    });

    it("refuses a profile picture address: Mandi keeps none", async () => {
      const input = account({ image: "javascript:alert(1)\u0000" });
      await expectRefused(
        await post("/sign-up/email", input),
        "image",
        "Mandi does not keep profile pictures. Please leave the picture out.",
      );
      expect(await storedUser(input.email)).toBeUndefined();
    });
  });

  describe("update-user", () => {
    it("changes the phone on its own, and a bad phone gets a message about the phone", async () => {
      const input = account();
      const cookie = await signedIn(input);
      await expectRefused(
        await post("/update-user", { phone: "123" }, { cookie }),
        "phone",
        "Please enter a 10-digit Indian mobile number, like 98765 43210.",
      );

      const good = await post("/update-user", { phone: "098765-43299" }, { cookie });
      expect(good.status).toBe(200);
      expect(await storedUser(input.email)).toMatchObject({ name: input.name, phone: "+919876543299" });
    });

    it("cleans a new name and refuses one with nothing visible, naming the name", async () => {
      const input = account();
      const cookie = await signedIn(input);
      await expectRefused(await post("/update-user", { name: "\u200b\u2066\u0000" }, { cookie }), "name", "Please enter your full name.");
      expect((await storedUser(input.email))?.name).toBe(input.name);

      expect((await post("/update-user", { name: "Meena\u0000 Kumari\ud800" }, { cookie })).status).toBe(200);
      expect((await storedUser(input.email))?.name).toBe("Meena Kumari\ufffd");
      expect(await storedNameIsValidUtf8(input.email)).toBe(true);
    });
  });

  describe("list-sessions", () => {
    it("is not served: it answered with every session's raw token", async () => {
      const input = account();
      const cookie = await signedIn(input);
      const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
      const response = await fetch(`${http.url}/api/auth/list-sessions`, { headers: { cookie, origin: http.origin } });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain(token);
    });
  });

  describe("a NUL in a token", () => {
    it("is a 400 that says so, not the 500 PostgreSQL's refusal was; a name with one is still cleaned", async () => {
      const input = account();
      const cookie = await signedIn(input);
      for (const [path, body] of [
        ["/revoke-session", { token: "a\u0000b" }],
        ["/reset-password", { token: "a\u0000b", newPassword: "long-enough-pw" }],
        ["/unlink-account", { providerId: "credential", accountId: "a\u0000b" }],
        ["/revoke-session", { token: { "a\u0000": "b" } }],
      ] as const) {
        const response = await post(path, body, { cookie });
        expect(response.status, path).toBe(400);
        expect(await response.json(), path).toMatchObject({
          message: "This request holds a character that cannot be read. Please send it again from the page.",
        });
      }
      expect((await post("/update-user", { name: "Meena\u0000 Kumari" }, { cookie })).status).toBe(200);
      expect((await storedUser(input.email))?.name).toBe("Meena Kumari");
    });
  });

  describe("per-account sign-in slow-down", () => {
    const from = (address: string) => ({ "x-forwarded-for": address });

    it("after 10 wrong passwords from 10 addresses, the account waits, with a plain message and Retry-After; others do not", async () => {
      const victim = account();
      const bystander = account();
      for (const input of [victim, bystander]) expect((await post("/sign-up/email", input)).status).toBe(200);

      for (let i = 1; i <= 10; i++) {
        const wrong = await post(
          "/sign-in/email",
          { email: victim.email.toUpperCase(), password: `guess-number-${i}` },
          from(`10.0.0.${i}`),
        );
        expect(wrong.status).toBe(401);
      }
      // Even the right password, from an address never seen, now waits.
      const held = await post("/sign-in/email", { email: victim.email, password: victim.password }, from("10.0.1.1"));
      expect(held.status).toBe(429);
      const retryAfter = Number(held.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(await held.json()).toMatchObject({
        code: "TOO_MANY_FAILED_SIGN_INS",
        message: "Too many wrong passwords for this account. Please wait 15 minutes and try again.",
      });
      expect(held.headers.getSetCookie()).toEqual([]);
      // The login form says the same.
      await expect(t.accounts.signIn({ email: victim.email, password: victim.password }, new Headers())).rejects.toMatchObject({
        code: "RATE_LIMITED",
        message: "Too many wrong passwords for this account. Please wait 15 minutes and try again.",
      });

      expect((await post("/sign-in/email", { email: bystander.email, password: bystander.password }, from("10.0.0.1"))).status).toBe(200);
    });

    it("counts failures across instances: five on one and five on another make the account wait on both", async () => {
      const other = await createServices(t.config, { migrate: false, logger: createLogger("silent") });
      const otherHttp = await startTestHttpApp(other);
      try {
        const input = account();
        expect((await post("/sign-up/email", input)).status).toBe(200);
        for (let i = 1; i <= 10; i++) {
          const attempt = await post(
            "/sign-in/email",
            { email: input.email, password: "wrong-password" },
            from(`10.0.4.${i}`),
            i % 2 ? http.url : otherHttp.url,
          );
          expect(attempt.status).toBe(401);
        }
        for (const instance of [http.url, otherHttp.url]) {
          expect((await post("/sign-in/email", { email: input.email, password: input.password }, {}, instance)).status).toBe(429);
        }
      } finally {
        await otherHttp.close();
        await other.close();
      }
    });

    it("lets the account in once the window has passed, and a success clears the count", async () => {
      const input = account();
      expect((await post("/sign-up/email", input)).status).toBe(200);
      for (let i = 1; i <= 10; i++) await post("/sign-in/email", { email: input.email, password: "wrong-password" }, from(`10.0.2.${i}`));
      expect((await post("/sign-in/email", { email: input.email, password: input.password })).status).toBe(429);

      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 16 * 60_000 });
      try {
        expect((await post("/sign-in/email", { email: input.email, password: input.password })).status).toBe(200);
        // Cleared: nine more wrong passwords do not make it wait.
        for (let i = 1; i <= 9; i++) await post("/sign-in/email", { email: input.email, password: "wrong-password" }, from(`10.0.3.${i}`));
        expect((await post("/sign-in/email", { email: input.email, password: input.password })).status).toBe(200);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
