import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signupSchema } from "../../core/schemas";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { makeSeller } from "../seed/factories";
import { testEngines } from "../../tests/support/test-database";

describe.each(testEngines())("on %s", (engine) => {

  let t: TestServices;
  beforeAll(async () => {
    t = await createTestServices({ engine });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const cookieOf = (headers: Headers) => headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

  describe("accounts", () => {
    const seller = makeSeller(7, { email: "Meena.K@Example.in", phone: "098765 43210" });
    const input = signupSchema.parse(seller);

    it("signs up with the full name as display name and the phone on the profile, without signing in", async () => {
      const { id } = await t.accounts.signUp(input, new Headers());
      const user = await t.db.kysely.selectFrom("user").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect(user.email).toBe("meena.k@example.in");
      expect(user).toMatchObject({ name: seller.name, phone: "+919876543210" });
      const sessions = await t.db.kysely.selectFrom("session" as never).selectAll().execute();
      expect(sessions).toHaveLength(0);
    });

    it("says the account exists when the email is taken, in any case", async () => {
      await expect(t.accounts.signUp({ ...input, email: "meena.k@example.in" }, new Headers())).rejects.toMatchObject({
        code: "CONFLICT",
        field: "email",
        message: "An account with this email already exists. Please log in instead.",
      });
    });

    it("signs in with the right password and the session names the user", async () => {
      const headers = await t.accounts.signIn({ email: input.email, password: seller.password }, new Headers());
      const user = await t.accounts.getSessionUser(new Headers({ cookie: cookieOf(headers) }));
      expect(user).toMatchObject({ name: seller.name, email: "meena.k@example.in", phone: "+919876543210" });
    });

    it("refuses a wrong password with the auth service's message", async () => {
      await expect(t.accounts.signIn({ email: input.email, password: "wrong-password" }, new Headers())).rejects.toMatchObject({
        code: "UNAUTHENTICATED",
        message: "Invalid email or password.",
      });
    });

    it("renews the cookie of a session in use once it is a day old, so active sellers stay signed in", async () => {
      const headers = await t.accounts.signIn({ email: input.email, password: seller.password }, new Headers());
      const cookie = new Headers({ cookie: cookieOf(headers) });
      const renewed: string[] = [];
      await t.accounts.getSessionUser(cookie, (c) => renewed.push(c));
      expect(renewed).toEqual([]);
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 2 * 24 * 60 * 60 * 1000 });
      try {
        expect(await t.accounts.getSessionUser(cookie, (c) => renewed.push(c))).toMatchObject({ email: "meena.k@example.in" });
      } finally {
        vi.useRealTimers();
      }
      expect(renewed.some((c) => c.includes("session_token=") && /Max-Age=\d+/.test(c))).toBe(true);
    });

    it("signing out ends the session; signing out twice is harmless", async () => {
      const headers = await t.accounts.signIn({ email: input.email, password: seller.password }, new Headers());
      const cookie = cookieOf(headers);
      await t.accounts.signOut(new Headers({ cookie }));
      expect(await t.accounts.getSessionUser(new Headers({ cookie }))).toBeNull();
      await expect(t.accounts.signOut(new Headers({ cookie }))).resolves.toBeInstanceOf(Headers);
    });

    it("checks and normalises the profile on every path into the user table", async () => {
      const body = { name: "  Direct Caller ", email: "direct@example.in", password: "long-enough-pw" };
      await expect(t.auth.api.signUpEmail({ body: { ...body, phone: "12345" } })).rejects.toMatchObject({ statusCode: 400 });
      await t.auth.api.signUpEmail({ body: { ...body, phone: "0 98765-43210" } });
      const user = await t.db.kysely.selectFrom("user").selectAll().where("email", "=", "direct@example.in").executeTakeFirstOrThrow();
      expect(user).toMatchObject({ name: "Direct Caller", phone: "+919876543210" });
    });

    it("limits sign-in attempts per client address, for the forms as for the API", async () => {
      const limited = await createTestServices({ engine, env: { AUTH_SIGNIN_PER_MINUTE: "3" } });
      try {
        await limited.accounts.signUp(input, new Headers());
        const from = (ip: string) => new Headers({ "x-mandi-client-ip": ip });
        for (let i = 0; i < 3; i++) {
          await expect(limited.accounts.signIn({ email: input.email, password: "wrong-password" }, from("10.0.0.1"))).rejects.toMatchObject({
            code: "UNAUTHENTICATED",
          });
        }
        await expect(limited.accounts.signIn({ email: input.email, password: seller.password }, from("10.0.0.1"))).rejects.toMatchObject({
          code: "RATE_LIMITED",
          message: "Too many tries. Please wait a minute and try again.",
        });
        // Another address is not held back by the first one's attempts.
        await expect(limited.accounts.signIn({ email: input.email, password: seller.password }, from("10.0.0.2"))).resolves.toBeInstanceOf(Headers);
      } finally {
        await limited.cleanup();
      }
    });

    it("treats no cookie or a forged cookie as signed out", async () => {
      expect(await t.accounts.getSessionUser(new Headers())).toBeNull();
      expect(await t.accounts.getSessionUser(new Headers({ cookie: "better-auth.session_token=forged.value" }))).toBeNull();
    });
  });
});
