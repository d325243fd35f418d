import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signupSchema } from "../../core/accounts/account-forms";
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

  const cookieOf = (headers: Headers) =>
    headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

  describe("accounts", () => {
    const seller = makeSeller(7, { email: "Meena.K@Example.in", phone: "098765 43210" });
    const input = signupSchema.parse(seller);

    it("signs up with the full name as display name and the phone on the profile, without signing in", async () => {
      const { id } = await t.accounts.signUp(input, new Headers());
      const user = await t.db.kysely.selectFrom("user").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect(user.email).toBe("meena.k@example.in");
      expect(user).toMatchObject({ name: seller.name, phone: "+919876543210" });
      const sessions = await t.db.kysely
        .selectFrom("session" as never)
        .selectAll()
        .execute();
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
          await expect(limited.accounts.signIn({ email: input.email, password: "wrong-password" }, from("10.0.0.1"))).rejects.toMatchObject(
            {
              code: "UNAUTHENTICATED",
            },
          );
        }
        await expect(limited.accounts.signIn({ email: input.email, password: seller.password }, from("10.0.0.1"))).rejects.toMatchObject({
          code: "RATE_LIMITED",
          message: "Too many tries. Please wait a minute and try again.",
        });
        // Another address is not held back by the first one's attempts.
        await expect(limited.accounts.signIn({ email: input.email, password: seller.password }, from("10.0.0.2"))).resolves.toBeInstanceOf(
          Headers,
        );
      } finally {
        await limited.cleanup();
      }
    });

    describe("the account page's changes", () => {
      let n = 0;
      /** A new seller with two sessions (two phones, say). */
      async function sellerWithTwoSessions() {
        n += 1;
        const person = signupSchema.parse(
          makeSeller(100 + n, { email: `changer${n}@example.in`, phone: `98765000${String(n).padStart(2, "0")}` }),
        );
        const { id } = await t.accounts.signUp(person, new Headers());
        const here = new Headers({ cookie: cookieOf(await t.accounts.signIn(person, new Headers())) });
        const elsewhere = new Headers({ cookie: cookieOf(await t.accounts.signIn(person, new Headers())) });
        return { id, person, here, elsewhere };
      }
      const stored = (id: string) =>
        t.db.kysely.selectFrom("user").select(["name", "phone"]).where("id", "=", id).executeTakeFirstOrThrow();

      it("changes the name, and the session names the person by it", async () => {
        const { id, here } = await sellerWithTwoSessions();
        await t.accounts.updateProfile({ name: "Meena Kumari Patil" }, here);
        expect(await stored(id)).toMatchObject({ name: "Meena Kumari Patil" });
        expect(await t.accounts.getSessionUser(here)).toMatchObject({ name: "Meena Kumari Patil" });
      });

      it("changes the phone on its own; a bad one (past the form) gets a message about the phone", async () => {
        const { id, person, here } = await sellerWithTwoSessions();
        await t.accounts.updateProfile({ phone: "+919812345678" }, here);
        expect(await stored(id)).toEqual({ name: person.name, phone: "+919812345678" });
        await expect(t.accounts.updateProfile({ phone: "12345" }, here)).rejects.toMatchObject({
          code: "BAD_INPUT",
          field: "phone",
          message: "Please enter a 10-digit Indian mobile number, like 98765 43210.",
        });
        expect(await stored(id)).toEqual({ name: person.name, phone: "+919812345678" });
      });

      it("asks a person whose session has ended to log in", async () => {
        await expect(t.accounts.updateProfile({ name: "Nobody" }, new Headers())).rejects.toMatchObject({
          code: "UNAUTHENTICATED",
          field: "form",
        });
        await expect(
          t.accounts.changePassword({ currentPassword: "whatever-1", newPassword: "whatever-2" }, new Headers()),
        ).rejects.toMatchObject({
          code: "UNAUTHENTICATED",
        });
      });

      it("changes the password: this session stays signed in, every other one ends, and only the new password works", async () => {
        const { person, here, elsewhere } = await sellerWithTwoSessions();
        const headers = await t.accounts.changePassword({ currentPassword: person.password, newPassword: "naya-password-2026" }, here);
        const renewed = new Headers({ cookie: cookieOf(headers) });
        expect(await t.accounts.getSessionUser(renewed)).toMatchObject({ email: person.email });
        expect(await t.accounts.getSessionUser(elsewhere)).toBeNull();

        await expect(t.accounts.signIn({ email: person.email, password: person.password }, new Headers())).rejects.toMatchObject({
          code: "UNAUTHENTICATED",
        });
        await expect(t.accounts.signIn({ email: person.email, password: "naya-password-2026" }, new Headers())).resolves.toBeInstanceOf(
          Headers,
        );
      });

      it("refuses a wrong current password beside that field, and changes nothing", async () => {
        const { person, here, elsewhere } = await sellerWithTwoSessions();
        await expect(
          t.accounts.changePassword({ currentPassword: "not-my-password", newPassword: "naya-password-2026" }, here),
        ).rejects.toMatchObject({
          code: "BAD_INPUT",
          field: "currentPassword",
          message: "That is not your current password. Please try again.",
        });
        for (const session of [here, elsewhere]) expect(await t.accounts.getSessionUser(session)).toMatchObject({ email: person.email });
        await expect(t.accounts.signIn({ email: person.email, password: person.password }, new Headers())).resolves.toBeInstanceOf(Headers);
      });

      it("counts wrong current passwords with wrong sign-ins: after 10, the account waits", async () => {
        const { person, here } = await sellerWithTwoSessions();
        for (let i = 1; i <= 10; i++) {
          await expect(
            t.accounts.changePassword({ currentPassword: `guess-number-${i}`, newPassword: "naya-password-2026" }, here),
          ).rejects.toMatchObject({
            field: "currentPassword",
          });
        }
        const waiting = {
          code: "RATE_LIMITED",
          message: "Too many wrong passwords for this account. Please wait 15 minutes and try again.",
        };
        await expect(
          t.accounts.changePassword({ currentPassword: person.password, newPassword: "naya-password-2026" }, here),
        ).rejects.toMatchObject(waiting);
        await expect(t.accounts.signIn({ email: person.email, password: person.password }, new Headers())).rejects.toMatchObject(waiting);
      }, 90_000);

      it("confirms the account's own password and leaves no session behind; a wrong one is refused beside the field", async () => {
        const { id, person, here } = await sellerWithTwoSessions();
        const sessions = () =>
          t.db.kysely
            .selectFrom("session" as never)
            .select("id" as never)
            .where("userId" as never, "=", id as never)
            .execute();
        const before = (await sessions()).length;
        await t.accounts.confirmPassword({ email: person.email, password: person.password }, here);
        expect(await sessions()).toHaveLength(before);
        await expect(t.accounts.confirmPassword({ email: person.email, password: "not-my-password" }, here)).rejects.toMatchObject({
          code: "BAD_INPUT",
          field: "password",
          message: "That is not your password. Please try again.",
        });
      });
    });

    it("treats no cookie or a forged cookie as signed out", async () => {
      expect(await t.accounts.getSessionUser(new Headers())).toBeNull();
      expect(await t.accounts.getSessionUser(new Headers({ cookie: "better-auth.session_token=forged.value" }))).toBeNull();
      // Only the language choice: looked up no further (most page requests are anonymous).
      expect(await t.accounts.getSessionUser(new Headers({ cookie: "lang=hi" }))).toBeNull();
    });

    it("finds the session cookie among the others a browser sends", async () => {
      const headers = await t.accounts.signIn({ email: input.email, password: seller.password }, new Headers());
      const cookie = `lang=hi; ${cookieOf(headers)}; mandi_seen=1`;
      expect(await t.accounts.getSessionUser(new Headers({ cookie }))).toMatchObject({ email: "meena.k@example.in" });
    });
  });
});
