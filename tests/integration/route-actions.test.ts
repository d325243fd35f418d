/**
 * The login, signup, sell, account and my-listings actions called directly, as React Router calls them: a real Request
 * and a load context holding the real services on a fresh database. Every branch of each action,
 * without a browser or an HTTP server (the end-to-end suite covers what the page then shows).
 */
import { ORGANISATION_MESSAGES } from "../../core/accounts/organisation-forms";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as createAction } from "../../app/routes/create";
import { action as loginAction } from "../../app/routes/login";
import { action as accountAction } from "../../app/routes/my.account";
import { action as myAlertsAction, loader as myAlertsLoader } from "../../app/routes/my.alerts._index";
import { action as myListingsAction } from "../../app/routes/my.listings";
import { action as signupAction } from "../../app/routes/signup";
import { uploadPhotoValue } from "../../core/listings/listing-form";
import { LISTING_MESSAGES, MESSAGES } from "../../core/i18n/messages";
import { savedQueryOf } from "../../core/alerts/saved-search";
import { browseQuerySchema } from "../../core/search/search-query";
import { UPLOAD_ERROR_MESSAGES } from "../../core/uploads/upload-task";
import { makeProducePhoto } from "../../server/seed/factories";
import { markEmailVerifiedForTest } from "../support/email-verified";
import { testEngines } from "../support/test-database";
import { createTestServices, routeContextFor, type TestServices } from "../support/test-services";
import { NO_MAIL } from "../../server/auth/accounts.service";
import { listingFields } from "../support/listings";
import { signedInSeller, storeUpload } from "../support/uploads";

/** What an action answered: a redirect (Response) or data with a status, as one shape. */
interface Outcome {
  status: number;
  location: string | null;
  headers: Headers;
  body: { errors: Record<string, string>; values: Record<string, string> } | null;
}

type AnyAction = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => Promise<unknown>;

async function run(action: AnyAction, request: Request, context: AppLoadContext): Promise<Outcome> {
  const result = await action({ request, context, params: {} });
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get("location"), headers: result.headers, body: null };
  // React Router's data(): the value and its response init.
  const { data: body, init } = result as { data: Outcome["body"]; init: ResponseInit | null };
  return { status: init?.status ?? 200, location: null, headers: new Headers(init?.headers), body };
}

const post = (path: string, body: URLSearchParams | FormData | string, headers?: HeadersInit) =>
  new Request(`http://127.0.0.1${path}`, { method: "POST", body, headers });

const SELL_FIELDS = {
  name: "Nashik Onion",
  category: "vegetables",
  price: "30",
  description: "Red onions, this week's crop",
  state: "maharashtra",
  district: "nashik",
};

describe.each(testEngines())("on %s", (engine) => {
  let t: TestServices;
  /** The context React Router would hand the action, with whoever the cookie names signed in. */
  const contextFor = (cookie?: string) => routeContextFor(t, cookie);

  beforeAll(async () => {
    t = await createTestServices({ engine, env: { MAX_IMAGE_BYTES: String(1024 * 1024) } });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  describe("signup", () => {
    const signup = (body: URLSearchParams | string, headers?: HeadersInit) =>
      run(signupAction as AnyAction, post("/signup", body, headers), contextFor());

    it("creates the account and sends the person to log in", async () => {
      const outcome = await signup(
        new URLSearchParams({ name: "Asha Patil", email: "asha@example.in", phone: "98765 43210", password: "long-enough-pw" }),
      );
      expect(outcome).toMatchObject({ status: 302, location: "/login?registered=1" });
      // The account is real: its password signs in.
      await expect(t.accounts.signIn({ email: "asha@example.in", password: "long-enough-pw" }, new Headers())).resolves.toBeInstanceOf(
        Headers,
      );
    });

    it("refuses bad fields with a message beside each, keeping what was typed but never the password", async () => {
      const outcome = await signup(new URLSearchParams({ name: "", email: "not-an-email", phone: "12345", password: "short" }));
      expect(outcome.status).toBe(400);
      expect(Object.keys(outcome.body!.errors).sort()).toEqual(["email", "name", "password", "phone"]);
      expect(outcome.body!.values).toEqual({ name: "", email: "not-an-email", phone: "12345" });
    });

    it("says when the email already has an account", async () => {
      const outcome = await signup(
        new URLSearchParams({ name: "Asha Again", email: "asha@example.in", phone: "98765 43211", password: "long-enough-pw" }),
      );
      expect(outcome.status).toBe(409);
      expect(outcome.body!.errors).toEqual({ email: "An account with this email already exists. Please log in instead." });
      expect(outcome.body!.values.name).toBe("Asha Again");
    });

    it("answers a body that is not a form with a 400 and a message", async () => {
      const outcome = await signup(JSON.stringify({ name: "x" }), { "content-type": "application/json" });
      expect(outcome.status).toBe(400);
      expect(outcome.body).toEqual({
        errors: { form: "Please send the form again from the page." },
        values: { name: "", email: "", phone: "" },
      });
    });
  });

  describe("login", () => {
    const login = (body: URLSearchParams | string, headers?: HeadersInit) =>
      run(loginAction as AnyAction, post("/login", body, headers), contextFor());

    beforeAll(async () => {
      await t.accounts.signUp(
        { name: "Ravi Kumar", email: "ravi@example.in", phone: "+919876500001", password: "long-enough-pw" },
        new Headers(),
      );
    });

    it("signs in, sets the session cookie and goes where the person was headed", async () => {
      const outcome = await login(new URLSearchParams({ email: "ravi@example.in", password: "long-enough-pw", redirectTo: "/create" }));
      expect(outcome).toMatchObject({ status: 302, location: "/create" });
      const cookie = outcome.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      expect(await t.accounts.getSessionUser(new Headers({ cookie }))).toMatchObject({ email: "ravi@example.in" });
    });

    it("never sends the person to another site after logging in", async () => {
      const outcome = await login(
        new URLSearchParams({ email: "ravi@example.in", password: "long-enough-pw", redirectTo: "https://evil.example/" }),
      );
      expect(outcome).toMatchObject({ status: 302, location: "/" });
    });

    it("says so for a wrong password, keeping the email", async () => {
      const outcome = await login(new URLSearchParams({ email: "ravi@example.in", password: "not-the-password" }));
      expect(outcome.status).toBe(401);
      expect(outcome.body).toEqual({ errors: { form: "Invalid email or password." }, values: { email: "ravi@example.in" } });
    });

    it("refuses missing fields with a message beside each", async () => {
      const outcome = await login(new URLSearchParams({ email: "", password: "" }));
      expect(outcome.status).toBe(400);
      expect(outcome.body!.errors).toMatchObject({ email: expect.any(String), password: "Please enter your password." });
    });

    it("answers a body that is not a form with a 400 and a message", async () => {
      const outcome = await login("email=x", { "content-type": "text/plain" });
      expect(outcome.status).toBe(400);
      expect(outcome.body).toEqual({ errors: { form: "Please send the form again from the page." }, values: { email: "" } });
    });
  });

  describe("sell (create)", () => {
    let seller: { id: string; cookie: string };
    let other: { id: string; cookie: string };
    let photo: Buffer;
    /** Sent by the seller, or by nobody (null: signed out). */
    const sell = (body: FormData | URLSearchParams, cookie: string | null = seller.cookie) =>
      run(createAction as AnyAction, post("/create", body), contextFor(cookie ?? undefined));
    const sellForm = (fields: Record<string, string>, photos: Array<{ bytes: Uint8Array; name: string }> = []) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      for (const file of photos) form.append("image", new Blob([new Uint8Array(file.bytes)], { type: "image/jpeg" }), file.name);
      return form;
    };
    const listingsNamed = async (name: string) => (await t.search.browseListings(browseQuerySchema.parse({ q: name }))).total;
    const listingIdNamed = async (name: string) => (await t.search.browseListings(browseQuerySchema.parse({ q: name }))).items[0]?.id;

    beforeAll(async () => {
      seller = await signedInSeller(t, 1);
      other = await signedInSeller(t, 2);
      photo = await makeProducePhoto("vegetables", 1, { width: 800, height: 600 });
    });

    it("lists the produce with the photo sent with the form, and goes home", async () => {
      const name = "Plain Form Onion";
      const outcome = await sell(sellForm({ ...SELL_FIELDS, name }, [{ bytes: photo, name: "onion.jpg" }]));
      expect(outcome).toMatchObject({ status: 302, location: `/?created=${await listingIdNamed(name)}` });
      expect(await listingsNamed(name)).toBe(1);
    });

    it("lists the produce with a finished upload the form names", async () => {
      const name = "Uploaded Onion";
      const upload = await storeUpload(t, { ownerId: seller.id, bytes: photo });
      const outcome = await sell(sellForm({ ...SELL_FIELDS, name, photo: uploadPhotoValue(upload) }));
      expect(outcome).toMatchObject({ status: 302, location: `/?created=${await listingIdNamed(name)}` });
      expect(await listingsNamed(name)).toBe(1);
    });

    it("asks a signed-out person to log in first, and stores nothing", async () => {
      const name = "Signed Out Onion";
      const outcome = await sell(sellForm({ ...SELL_FIELDS, name }, [{ bytes: photo, name: "onion.jpg" }]), null);
      expect(outcome.status).toBe(401);
      expect(outcome.body!.errors).toEqual({ form: MESSAGES.mustLogin });
      expect(await listingsNamed(name)).toBe(0);
    });

    it("refuses bad fields and a missing photo with a message beside each, keeping what was typed", async () => {
      const outcome = await sell(sellForm({ ...SELL_FIELDS, name: "", price: "free" }));
      expect(outcome.status).toBe(400);
      expect(outcome.body!.errors).toMatchObject({ name: expect.any(String), price: expect.any(String), image: MESSAGES.choosePhoto });
      expect(outcome.body!.values).toMatchObject({ price: "free", description: SELL_FIELDS.description, district: "nashik" });
    });

    it("answers a photo over the limit with 413 and the message, keeping what was typed", async () => {
      const name = "Huge Photo Onion";
      const outcome = await sell(sellForm({ ...SELL_FIELDS, name }, [{ bytes: new Uint8Array(1024 * 1024 + 1), name: "huge.jpg" }]));
      expect(outcome.status).toBe(413);
      expect(outcome.body!.errors.image).toMatch(/larger than 1 MB/);
      expect(outcome.body!.values.name).toBe(name);
      expect(await listingsNamed(name)).toBe(0);
    });

    it("refuses someone else's upload beside the photo field, and stores nothing", async () => {
      const name = "Borrowed Photo Onion";
      const theirs = await storeUpload(t, { ownerId: other.id, bytes: photo });
      const outcome = await sell(sellForm({ ...SELL_FIELDS, name, photo: uploadPhotoValue(theirs) }));
      expect(outcome.status).toBe(400);
      expect(outcome.body!.errors).toEqual({ image: UPLOAD_ERROR_MESSAGES["no-download-url"] });
      expect(await listingsNamed(name)).toBe(0);
      await t.uploads.discardUploads([theirs]);
    });

    it("answers a form that is not multipart with a 400 and a message", async () => {
      const outcome = await sell(new URLSearchParams(SELL_FIELDS));
      expect(outcome.status).toBe(400);
      expect(outcome.body!.errors).toEqual({ form: "Please send the form with its photo again." });
    });
  });

  describe("my account", () => {
    let person: { id: string; cookie: string };
    const send = (body: URLSearchParams | string, cookie: string | null = person.cookie, headers?: HeadersInit) =>
      run(accountAction as AnyAction, post("/my/account", body, headers), contextFor(cookie ?? undefined));
    const noPlace = { state: "", district: "", place: "", pin: "" };

    beforeAll(async () => {
      person = await signedInSeller(t, 3);
    });

    it("says plainly that no link can be sent where this Mandi sends no email (decision 045)", async () => {
      const outcome = await send(new URLSearchParams({ intent: "verify-email" }));
      expect(outcome.status).toBe(400);
      expect(outcome.body!.errors).toEqual({ form: NO_MAIL });
    });

    it("saves the place the person sells from", async () => {
      const outcome = await send(
        new URLSearchParams({ intent: "place", state: "maharashtra", district: "nashik", place: "Pimpalgaon", pin: "" }),
      );
      expect(outcome).toMatchObject({ status: 302, location: "/my/account?saved=place" });
      expect(await t.listings.defaultPlaceOf({ id: person.id })).toMatchObject({
        state: "maharashtra",
        district: "nashik",
        place: "Pimpalgaon",
      });
    });

    it("refuses a place with a message beside each field, keeping what was typed under its form's intent", async () => {
      const outcome = await send(new URLSearchParams({ intent: "place", state: "delhi", district: "nashik", place: "", pin: "" }));
      expect(outcome.status).toBe(400);
      expect(outcome.body).toEqual({
        errors: { district: "Please choose a district in Delhi." },
        values: {
          intent: "place",
          name: "",
          phone: "",
          kind: "",
          number: "",
          place: { state: "delhi", district: "nashik", place: "", pin: "" },
        },
      });
    });

    it("refuses an unknown intent above all the forms", async () => {
      const outcome = await send(new URLSearchParams({ intent: "rename", name: "Someone Else" }));
      expect(outcome.status).toBe(400);
      expect(outcome.body).toEqual({
        errors: { intent: "Please send the form again from the page." },
        values: { intent: null, name: "Someone Else", phone: "", kind: "", number: "", place: noPlace },
      });
    });

    it("takes an FPO registration number for staff to check, and refuses one with a right-to-left mark beside the field (decision 061)", async () => {
      const refused = await send(new URLSearchParams({ intent: "organisation", kind: "fpo", number: "UP/FPO/12\u202e34" }));
      expect(refused.status).toBe(400);
      expect(refused.body!.errors).toEqual({ number: ORGANISATION_MESSAGES.invisible });
      expect(refused.body!.values).toMatchObject({ intent: "organisation", kind: "fpo" });
      const taken = await send(new URLSearchParams({ intent: "organisation", kind: "fpo", number: " up/fpo/1234 " }));
      expect(taken).toMatchObject({ status: 302, location: "/my/account?saved=organisation" });
      expect(await t.organisations.mine({ id: person.id })).toMatchObject({ kind: "fpo", number: "UP/FPO/1234", status: "pending" });
    });

    it("asks a signed-out person to log in first", async () => {
      const outcome = await send(new URLSearchParams({ intent: "name", name: "Nobody" }), null);
      expect(outcome.status).toBe(401);
      expect(outcome.body).toEqual({
        errors: { form: MESSAGES.mustLogin },
        values: { intent: null, name: "", phone: "", kind: "", number: "", place: noPlace },
      });
    });

    it("makes no API key before the email address is verified, and says so (decision 046)", async () => {
      const refused = await send(new URLSearchParams({ intent: "api-key" }));
      expect(refused.status).toBe(403);
      expect(refused.body!.errors).toEqual({
        form: "Verify your email address before making an API key: open the link we sent to it, then come back here.",
      });
      expect(await t.apiKeys.list({ id: person.id })).toEqual([]);
    });

    it("makes an API key, shown once in the answer, and revokes it (decision 032)", async () => {
      await markEmailVerifiedForTest(t.db.kysely, person.id);
      const made = await send(new URLSearchParams({ intent: "api-key" }));
      expect(made.status).toBe(200);
      const key = (made.body as unknown as { newApiKey: string }).newApiKey;
      expect(key).toMatch(/^mandi_[\w-]{43}$/);
      const [listed] = await t.apiKeys.list({ id: person.id });
      expect(key.startsWith(listed!.prefix)).toBe(true);
      const revoked = await send(new URLSearchParams({ intent: "api-key-revoke", key: listed!.id }));
      expect(revoked).toMatchObject({ status: 302, location: "/my/account?saved=api-key-revoked" });
      expect(await t.apiKeys.check(key)).toBeUndefined();
      const again = await send(new URLSearchParams({ intent: "api-key-revoke", key: listed!.id }));
      expect(again.status).toBe(404);
    });

    it("changing the number un-verifies it; saving the same number keeps it verified (decision 058)", async () => {
      const stored = await t.db.kysely.selectFrom("user").select("phone").where("id", "=", person.id).executeTakeFirstOrThrow();
      await t.db.kysely
        .insertInto("phone_verified")
        .values({ user_id: person.id, phone: stored.phone, verified_at: t.clock.now })
        .execute();
      const headers = { cookie: person.cookie, origin: "http://localhost:3000" };
      const same = await send(new URLSearchParams({ intent: "phone", phone: stored.phone.slice(3) }), person.cookie, headers);
      expect(same).toMatchObject({ status: 302, location: "/my/account?saved=phone" });
      expect((await t.phoneVerification.status({ id: person.id })).verifiedAt).toBe(t.clock.now);
      const changed = await send(new URLSearchParams({ intent: "phone", phone: "७०१२३ ४५६७८" }), person.cookie, headers);
      expect(changed).toMatchObject({ status: 302, location: "/my/account?saved=phone" });
      expect(await t.db.kysely.selectFrom("user").select("phone").where("id", "=", person.id).executeTakeFirstOrThrow()).toEqual({
        phone: "+917012345678",
      });
      expect((await t.phoneVerification.status({ id: person.id })).verifiedAt).toBeNull();
      expect(await t.db.kysely.selectFrom("phone_verified").selectAll().where("user_id", "=", person.id).execute()).toEqual([]);
    });

    it("answers a body that is not a form with a 400 and a message", async () => {
      const outcome = await send(JSON.stringify({ intent: "name" }), person.cookie, { "content-type": "application/json" });
      expect(outcome.status).toBe(400);
      expect(outcome.body).toEqual({
        errors: { form: "Please send the form again from the page." },
        values: { intent: null, name: "", phone: "", kind: "", number: "", place: noPlace },
      });
    });
  });

  describe("my listings", () => {
    let person: { id: string; cookie: string };
    const send = (body: URLSearchParams) => run(myListingsAction as AnyAction, post("/my/listings", body), contextFor(person.cookie));

    beforeAll(async () => {
      person = await signedInSeller(t, 4);
    });

    it("refuses an id that is not a listing's with the message the page shows", async () => {
      const outcome = await send(new URLSearchParams({ intent: "sold", id: "../x" }));
      expect(outcome.status).toBe(400);
      expect(outcome.body!.errors).toEqual({ id: LISTING_MESSAGES.notYourListing });
    });
  });

  describe("my alerts", () => {
    it("renames a saved search with clean text: a NUL (a 500 on PostgreSQL) and a bidi override are not stored", async () => {
      const person = await signedInSeller(t, 5);
      const { id } = await t.alerts.saveSearch({ actor: person, query: savedQueryOf(browseQuerySchema.parse({ q: "onion" })) });
      const rename = (name: string) =>
        run(
          myAlertsAction as AnyAction,
          post("/my/alerts", new URLSearchParams({ intent: "rename", id, name })),
          contextFor(person.cookie),
        );
      expect(await rename("Onion\u0000 for\u202e the shop")).toMatchObject({ status: 302, location: "/my/alerts?done=rename" });
      expect((await t.alerts.listMine({ actor: person })).searches.map((s) => s.name)).toEqual(["Onion for the shop"]);
      // Only invisible characters: no name, as an empty one.
      expect(await rename("\u0000\u200b")).toMatchObject({ status: 302 });
      expect((await t.alerts.listMine({ actor: person })).searches.map((s) => s.name)).toEqual([null]);
    });

    it("changes nothing when the page is read; the page's post marks what it showed as seen (issue 38, finding 7)", async () => {
      const buyer = await signedInSeller(t, 6);
      const seller = await signedInSeller(t, 7);
      await t.alerts.saveSearch({ actor: buyer, query: savedQueryOf(browseQuerySchema.parse({ q: "okra" })) });
      t.clock.now += 60_000;
      const { id } = await t.listings.createListing({
        actor: seller,
        fields: listingFields({ ...SELL_FIELDS, name: "Okra" }),
        photos: [{ bytes: await makeProducePhoto("vegetables", 1, { width: 400, height: 300 }), fileName: "p.jpg" }],
      });
      await t.jobs.runDue();
      const read = async () =>
        (await myAlertsLoader({
          request: new Request("http://127.0.0.1/my/alerts"),
          context: contextFor(buyer.cookie),
          params: {},
        } as never)) as { seenUntil: number | null; matches: Array<{ fresh: boolean; listing: { id: string } }> };
      for (let i = 0; i < 2; i++) {
        const page = await read();
        expect(page.matches.map((m) => [m.listing.id, m.fresh])).toEqual([[id, true]]);
        expect(page.seenUntil).toBe(t.clock.now);
        expect(await t.alerts.countUnseen(buyer)).toBe(1);
      }
      const seen = (body: Record<string, string>) =>
        run(myAlertsAction as AnyAction, post("/my/alerts", new URLSearchParams(body)), contextFor(buyer.cookie));
      // The page's script: an answer, no redirect. The button without JavaScript: back to the page.
      expect(await seen({ intent: "seen", until: String(t.clock.now), stay: "1" })).toMatchObject({ status: 200, location: null });
      expect(await t.alerts.countUnseen(buyer)).toBe(0);
      expect((await read()).seenUntil).toBeNull();
      expect(await seen({ intent: "seen", until: String(t.clock.now) })).toMatchObject({ status: 302, location: "/my/alerts" });
      expect(await seen({ intent: "seen", until: "soon" })).toMatchObject({ status: 400 });
    });
  });
});
