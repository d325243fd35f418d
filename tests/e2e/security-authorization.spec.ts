/**
 * The authorization matrix: every route and method, as anonymous, a signed-in stranger, the
 * owner, a moderator and an admin. Each cell asserts its status and that nothing changed that the
 * actor does not own (the owner's account, role, ban, sessions, listing and its moderation,
 * photos and half-finished upload; the stranger's likewise) unless the cell says whose things an
 * action of staff may change. To cover a new route, add a row to MATRIX; nothing else changes.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../../server/db/database";
import { createListingWith, deleteListings, expect, logInWith, test, uniqueTag } from "./support/fixtures";
import {
  BASE_URL,
  buildWorld,
  cookieHeader,
  openE2eDatabase,
  rawRequest,
  ROLES,
  SAME_ORIGIN,
  signedInAs,
  snapshot,
  startUpload,
  statusMatches,
  TUS,
  type OwnedState,
  type Role,
  type StatusExpectation,
  type World,
  validSellForm,
} from "./support/security";

/**
 * A cell: the status expected, and whether the actor's own things may change, or (a staff action)
 * the owner's or stranger's; what changed is then repaired.
 */
type Cell =
  | StatusExpectation
  | "any"
  | { status: StatusExpectation | "any"; changesOwn: true }
  | { status: StatusExpectation | "any"; changes: Array<"owner" | "stranger"> };

type Body =
  | { form: Record<string, string> }
  | { json: Record<string, unknown> }
  /** A complete, valid sell form with one small photo (the no-JavaScript path). */
  | { sell: true }
  /** A tus chunk sent at this offset. */
  | { chunk: number }
  /** A new tus upload of this many bytes. */
  | { tusLength: number };

interface Row {
  method: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
  /** Sent as is; {listing} {photo} {ownerUpload} {strangerUpload} {ownerToken} are filled in. */
  path: string;
  body?: Body;
  anonymous: Cell;
  stranger: Cell;
  owner: Cell;
  /** Staff are signed-in people who own nothing here: unless a row says otherwise, as the stranger. */
  moderator?: Cell;
  admin?: Cell;
  /** Text (same placeholders) no answer in this row may contain. */
  mustNotContain?: string[];
  /** Why the row is there, when it is not obvious. */
  why?: string;
}

const json = (body: Record<string, unknown>): Body => ({ json: body });
const same = (cell: Cell): Pick<Row, Role> => ({ anonymous: cell, stranger: cell, owner: cell, moderator: cell, admin: cell });
const own = (status: StatusExpectation): Cell => ({ status, changesOwn: true });
/** The back office: the same 404 as an unknown address to everyone but staff. */
const staffOnly = (staff: Cell, admin: Cell = staff): Pick<Row, Role> => ({
  anonymous: 404,
  stranger: 404,
  owner: 404,
  moderator: staff,
  admin,
});
const changes = (status: StatusExpectation, ...who: Array<"owner" | "stranger">): Cell => ({ status, changes: who });
const cellOf = (row: Row, role: Role): Cell => row[role] ?? row.stranger;
/** Pages anyone may read. */
const page = (path: string): Row => ({ method: "GET", path, ...same(200) });
/** The single-fetch data request behind a page (React Router answers a redirect with 202). */
const data = (path: string, status: StatusExpectation = 200): Row => ({ method: "GET", path, ...same(status) });

/** Finding 1 (query string, `;`, encoded slash and `..` tricks on a tus URL), every tus method. */
const UPLOAD_ID_TRICKS = [
  "/uploads/{strangerUpload}?/{ownerUpload}",
  "/uploads/{strangerUpload}?x=/{ownerUpload}",
  "/uploads/{strangerUpload}?{ownerUpload}",
  "/uploads/{strangerUpload};/{ownerUpload}",
  "/uploads/{strangerUpload}%2F{ownerUpload}",
  "/uploads/{strangerUpload}%2f..%2f{ownerUpload}",
  "/uploads/{strangerUpload}/%2e%2e/{ownerUpload}",
  "/uploads/x/..%2F{ownerUpload}",
  "/uploads//{ownerUpload}",
];

export const MATRIX: Row[] = [
  page("/"),
  data("/_root.data"),
  { method: "POST", path: "/", body: { form: { x: "1" } }, ...same(405) },
  page("/signup"),
  data("/signup.data"),
  { method: "POST", path: "/signup", body: { form: {} }, ...same(400) },
  { method: "GET", path: "/login", anonymous: 200, stranger: 302, owner: 302, why: "signed in: on to where they were going" },
  { method: "GET", path: "/login.data", anonymous: 200, stranger: 202, owner: 202 },
  {
    method: "GET",
    path: "/login?redirectTo=/viewmore?q=%E0%A4%9A%E0%A4%BE%E0%A4%B5%E0%A4%B2",
    anonymous: 200,
    stranger: 302,
    owner: 302,
    why: "finding 3",
  },
  { method: "POST", path: "/login", body: { form: {} }, anonymous: 400, stranger: [302, 400], owner: [302, 400] },
  { method: "GET", path: "/logout", ...same(302) },
  data("/logout.data", 202),
  {
    method: "POST",
    path: "/logout",
    body: { form: {} },
    anonymous: 302,
    stranger: own(302),
    owner: own(302),
    why: "signs out only the sender",
  },
  { method: "POST", path: "/logout.data", body: { form: {} }, anonymous: 202, stranger: own(202), owner: own(202) },
  page("/create"),
  data("/create.data"),
  { method: "POST", path: "/create", body: { sell: true }, anonymous: 401, stranger: own(302), owner: own(302) },
  { method: "POST", path: "/create.data", body: { sell: true }, anonymous: 401, stranger: own(202), owner: own(202) },
  { method: "POST", path: "/create", body: { form: { name: "Not multipart" } }, anonymous: 401, stranger: 400, owner: 400 },
  // React Router runs the action for any method; a cross-site PUT needs a CORS preflight, which is refused.
  {
    method: "PUT",
    path: "/create",
    body: { sell: true },
    anonymous: 401,
    stranger: { status: "any", changesOwn: true },
    owner: { status: "any", changesOwn: true },
  },
  { method: "GET", path: "/view", ...same(302) },
  data("/view.data", 202),
  page("/view/{listing}"),
  data("/view/{listing}.data"),
  { method: "GET", path: "/view/00000000-0000-4000-8000-000000000000", ...same(404) },
  // The page's one form is "Show number" (decision 046): anything else is a bad form, and changes nothing.
  { method: "POST", path: "/view/{listing}", body: { form: { name: "Taken over" } }, ...same(400) },
  {
    method: "POST",
    path: "/view/{listing}",
    body: { form: { intent: "show-number" } },
    ...same(200),
    why: "shows the listing's number to anyone, counted per address",
  },
  {
    method: "POST",
    path: "/view/{listing}.data",
    body: { form: {} },
    ...same(400),
    mustNotContain: ["routes/"],
    why: "finding 8: no route ids",
  },
  { method: "PUT", path: "/view/{listing}", body: { form: { name: "Taken over" } }, ...same(405) },
  { method: "DELETE", path: "/view/{listing}", ...same(405) },
  page("/viewmore?q=rice&category=rice&sort=price-asc&page=1"),
  data("/viewmore.data?q=rice"),
  // Seller tools (issue 10): the owner's own listing only; anyone else is told it does not exist.
  { method: "GET", path: "/my/listings", anonymous: 302, stranger: 200, owner: 200 },
  { method: "GET", path: "/my/listings.data", anonymous: 202, stranger: 200, owner: 200 },
  {
    method: "GET",
    path: "/my/listings?delete={listing}",
    anonymous: 302,
    stranger: 404,
    owner: 200,
    why: "the confirmation names only the person's own listing",
  },
  { method: "GET", path: "/my/listings/{listing}/edit", anonymous: 302, stranger: 404, owner: 200 },
  { method: "GET", path: "/my/listings/{listing}/edit.data", anonymous: 202, stranger: 404, owner: 200 },
  { method: "GET", path: "/my/listings/00000000-0000-4000-8000-000000000000/edit", anonymous: 302, stranger: 404, owner: 404 },
  ...(["sold", "available", "renew", "delete"] as const).map((intent): Row => ({
    method: "POST",
    path: "/my/listings",
    body: { form: { intent, id: "{listing}" } },
    anonymous: 302,
    stranger: 404,
    owner: own(302),
  })),
  {
    method: "POST",
    path: "/my/listings",
    body: { form: { intent: "sold", id: "{listing}/../x" } },
    anonymous: 302,
    stranger: 400,
    owner: 400,
  },
  { method: "POST", path: "/my/listings", body: { form: { intent: "steal", id: "{listing}" } }, anonymous: 302, stranger: 400, owner: 400 },
  {
    method: "POST",
    path: "/my/listings/{listing}/edit",
    body: { sell: true },
    anonymous: 302,
    stranger: 404,
    owner: own(302),
    why: "a full form: the new photo replaces the old",
  },
  { method: "POST", path: "/my/listings/{listing}/edit.data", body: { sell: true }, anonymous: 202, stranger: 404, owner: own(202) },
  {
    method: "POST",
    path: "/my/listings/{listing}/edit",
    body: { form: { name: "Taken over" } },
    anonymous: 302,
    stranger: 404,
    owner: 400,
  },
  { method: "DELETE", path: "/my/listings/{listing}/edit", anonymous: 302, stranger: 404, owner: "4xx" },
  page("/seller/{ownerId}"),
  { method: "POST", path: "/seller/{ownerId}", body: { form: { name: "x" } }, ...same(400) },
  {
    method: "POST",
    path: "/seller/{ownerId}",
    body: { form: { intent: "show-number" } },
    ...same(200),
    why: "shows the seller's number to anyone, counted per address (decision 046)",
  },
  { method: "GET", path: "/api/suggestions?q=ri", ...same(200) },
  data("/api/suggestions.data?q=ri"),
  { method: "POST", path: "/api/suggestions", body: { form: { q: "ri" } }, ...same(405) },
  // The sell form's government mandi rate (decision 021): public figures, the same for everyone.
  { method: "GET", path: "/api/mandi-rate?name=onion&state=maharashtra&district=nashik", ...same(200) },
  data("/api/mandi-rate.data?name=onion"),
  { method: "POST", path: "/api/mandi-rate", body: { form: { name: "onion" } }, ...same(405) },
  // Saved searches (decision 022): a person's own only; anyone else's id reads as not found.
  { method: "GET", path: "/my/alerts", anonymous: 302, stranger: 200, owner: 200 },
  { method: "GET", path: "/my/alerts/new?q=onion&state=maharashtra", anonymous: 302, stranger: 200, owner: 200 },
  ...(["pause", "resume", "delete"] as const).map((intent): Row => ({
    method: "POST",
    path: "/my/alerts",
    body: { form: { intent, id: "00000000-0000-4000-8000-000000000000" } },
    anonymous: 302,
    stranger: 404,
    owner: 404,
  })),
  { method: "POST", path: "/my/alerts", body: { form: { intent: "steal", id: "{listing}" } }, anonymous: 302, stranger: 400, owner: 400 },
  {
    method: "POST",
    path: "/my/alerts",
    body: { form: { intent: "rename", id: "x/../y", name: "mine" } },
    anonymous: 302,
    stranger: 400,
    owner: 400,
  },
  // What the page showed is marked seen by a POST, never by reading it (issue 38, finding 7): the sender's own only.
  {
    method: "POST",
    path: "/my/alerts",
    body: { form: { intent: "seen", until: "0" } },
    anonymous: 302,
    stranger: own(302),
    owner: own(302),
  },
  // One-tap unsubscribe from alert email (decision 026): the signed token is the only credential, for everyone alike.
  { method: "GET", path: "/alerts/unsubscribe", ...same(400) },
  { method: "GET", path: "/alerts/unsubscribe?t=not.signed", ...same(400) },
  {
    method: "POST",
    path: "/alerts/unsubscribe?t=not.signed",
    body: { form: { "List-Unsubscribe": "One-Click" } },
    ...same(400),
    why: "RFC 8058 one-click, with a token that is not ours",
  },
  { method: "POST", path: "/alerts/unsubscribe?t=not.signed", body: { form: { "List-Unsubscribe": "Everything" } }, ...same(400) },
  { method: "PUT", path: "/alerts/unsubscribe?t=not.signed", body: { form: {} }, ...same(405) },
  // The link that confirms an address (decision 045): the token is the credential; GET changes nothing.
  { method: "GET", path: "/email/verify", ...same(400) },
  { method: "GET", path: "/email/verify?token=not.a.token&lang=hi", ...same(200), why: "shows only the button; confirms nothing" },
  {
    method: "POST",
    path: "/email/verify?token=not.a.token",
    body: { form: { confirm: "yes" } },
    ...same(400),
    why: "a token better-auth did not sign confirms nothing",
  },
  { method: "POST", path: "/email/verify?token=not.a.token", body: { form: {} }, ...same(400) },
  { method: "PUT", path: "/email/verify?token=not.a.token", body: { form: { confirm: "yes" } }, ...same(405) },
  // Notifications on this phone (decision 027): JSON for the page's script; signed out: asked to log in (401).
  { method: "GET", path: "/my/alerts/push", ...same(405) },
  {
    method: "POST",
    path: "/my/alerts/push",
    body: { form: { intent: "unsubscribe", endpoint: "https://fcm.googleapis.com/fcm/send/not-anyones" } },
    anonymous: 401,
    stranger: 404,
    owner: 404,
    why: "turns off only the sender's own phone",
  },
  {
    method: "POST",
    path: "/my/alerts/push",
    body: {
      form: {
        intent: "subscribe",
        endpoint: "https://169.254.169.254/latest/meta-data",
        p256dh: `B${"A".repeat(86)}`,
        auth: "A".repeat(22),
      },
    },
    anonymous: 401,
    stranger: 400,
    owner: 400,
    why: "only a push service's address is stored",
  },
  {
    method: "POST",
    path: "/my/alerts/push",
    body: { form: { intent: "status", endpoint: "https://fcm.googleapis.com/fcm/send/not-anyones" } },
    anonymous: 401,
    stranger: 200,
    owner: 200,
    why: "says only whether the sender's own phone is on",
  },
  {
    method: "POST",
    path: "/my/alerts/push",
    body: { form: { intent: "steal", endpoint: "https://fcm.googleapis.com/x" } },
    anonymous: 401,
    stranger: 400,
    owner: 400,
  },
  {
    method: "POST",
    path: "/my/alerts/push",
    body: { json: { intent: "unsubscribe", endpoint: "https://fcm.googleapis.com/x" } },
    anonymous: 401,
    stranger: 400,
    owner: 400,
    why: "forms only",
  },

  // The account page: each person sees and changes only their own account (signed out: the login prompt).
  page("/my/account"),
  data("/my/account.data"),
  {
    method: "POST",
    path: "/my/account",
    body: { form: { intent: "name", name: "Renamed Seller", id: "{ownerId}" } },
    anonymous: 401,
    stranger: own(302),
    owner: own(302),
    why: "renames only the sender",
  },
  {
    method: "POST",
    path: "/my/account.data",
    body: { form: { intent: "name", name: "Renamed Seller" } },
    anonymous: 401,
    stranger: own(202),
    owner: own(202),
  },
  { method: "POST", path: "/my/account", body: { form: { intent: "phone", phone: "123" } }, anonymous: 401, stranger: 400, owner: 400 },
  {
    method: "POST",
    path: "/my/account",
    body: { form: { intent: "password", currentPassword: "not-the-password-1", newPassword: "another-pass-99" } },
    anonymous: 401,
    stranger: 400,
    owner: 400,
  },
  {
    method: "POST",
    path: "/my/account",
    body: { form: { intent: "delete", password: "not-the-password-1", id: "{ownerId}" } },
    anonymous: 401,
    stranger: 400,
    owner: 400,
    why: "a wrong password deletes nothing",
  },
  { method: "POST", path: "/my/account", body: { form: { intent: "take-over" } }, anonymous: 401, stranger: 400, owner: 400 },
  {
    method: "POST",
    path: "/my/account",
    body: { form: { intent: "organisation", kind: "fpo", number: "UP/FPO/\u202e1234" } },
    anonymous: 401,
    stranger: 400,
    owner: 400,
    why: "an invisible character is refused, never stored (decision 061)",
  },
  // Public API keys (decision 032): made for the sender only; another person's key reads as not found.
  {
    method: "POST",
    path: "/my/account",
    body: { form: { intent: "api-key", userId: "{ownerId}" } },
    anonymous: 401,
    stranger: own(200),
    owner: own(200),
    why: "makes a key for the sender only",
  },
  {
    method: "POST",
    path: "/my/account",
    body: { form: { intent: "api-key-revoke", key: "{ownerApiKey}" } },
    anonymous: 401,
    stranger: 404,
    owner: own(302),
    why: "revokes only the sender's own key",
  },
  {
    method: "POST",
    path: "/my/account",
    body: { form: { intent: "api-key-revoke", key: "{ownerApiKey}/../x" } },
    anonymous: 401,
    stranger: 400,
    owner: 400,
  },
  // The matrix's people are confirmed (their API-key rows need it, decision 046): nothing to send, back to the page.
  { method: "POST", path: "/my/account", body: { form: { intent: "verify-email" } }, anonymous: 401, stranger: 302, owner: 302 },
  { method: "POST", path: "/my/alerts", body: { form: { intent: "verify-email" } }, anonymous: 302, stranger: 302, owner: 302 },
  { method: "POST", path: "/my/account", body: { form: { intent: "api-key-revoke" } }, anonymous: 401, stranger: 400, owner: 400 },
  {
    method: "POST",
    path: "/my/account",
    body: { json: { intent: "name", name: "Renamed Seller" } },
    anonymous: 401,
    stranger: 400,
    owner: 400,
    why: "forms only",
  },

  // better-auth: each person acts on their own account only.
  { method: "GET", path: "/api/auth/get-session", ...same(200) },
  {
    method: "GET",
    path: "/api/auth/list-sessions",
    ...same(404),
    mustNotContain: ["{ownerToken}"],
    why: "finding 8: switched off (no page lists sessions), so no raw tokens",
  },
  {
    method: "POST",
    path: "/api/auth/update-user",
    body: json({ name: "Renamed Seller" }),
    anonymous: 401,
    stranger: own(200),
    owner: own(200),
  },
  { method: "POST", path: "/api/auth/update-user", body: json({ phone: "123" }), anonymous: 401, stranger: 400, owner: 400 },
  {
    method: "POST",
    path: "/api/auth/update-user",
    body: json({ email: "taken.over@example.in", id: "{ownerId}" }),
    anonymous: 401,
    stranger: "any",
    owner: "any",
    why: "the email is not changed this way",
  },
  {
    method: "POST",
    path: "/api/auth/change-password",
    body: json({ currentPassword: "not-the-password-1", newPassword: "another-pass-99" }),
    anonymous: 401,
    stranger: 400,
    owner: 400,
  },
  {
    method: "POST",
    path: "/api/auth/revoke-session",
    body: json({ token: "{ownerToken}" }),
    anonymous: 401,
    stranger: "any",
    owner: own(200),
    why: "a stranger holding the owner's token still cannot end the owner's session",
  },
  { method: "POST", path: "/api/auth/revoke-sessions", body: json({}), anonymous: 401, stranger: own(200), owner: own(200) },
  { method: "POST", path: "/api/auth/revoke-other-sessions", body: json({}), anonymous: 401, stranger: own(200), owner: own(200) },
  { method: "POST", path: "/api/auth/sign-out", body: json({}), anonymous: 200, stranger: own(200), owner: own(200) },
  {
    method: "POST",
    path: "/api/auth/delete-user",
    body: json({ password: "whatever-1" }),
    anonymous: "4xx",
    stranger: "4xx",
    owner: "4xx",
    why: "accounts are not deleted through the API",
  },

  // tus uploads: only the person who started one may touch it.
  { method: "GET", path: "/uploads", anonymous: 401, stranger: 405, owner: 405 },
  { method: "POST", path: "/uploads", body: { tusLength: 100 }, anonymous: 401, stranger: own(201), owner: own(201) },
  { method: "OPTIONS", path: "/uploads/{ownerUpload}", ...same(204) },
  { method: "HEAD", path: "/uploads/{ownerUpload}", anonymous: 401, stranger: 404, owner: 200 },
  { method: "GET", path: "/uploads/{ownerUpload}", anonymous: 401, stranger: 404, owner: 404, why: "upload bytes are never served back" },
  { method: "PATCH", path: "/uploads/{ownerUpload}", body: { chunk: 1024 }, anonymous: 401, stranger: 404, owner: own(204) },
  { method: "DELETE", path: "/uploads/{ownerUpload}", anonymous: 401, stranger: 404, owner: own(204) },
  ...UPLOAD_ID_TRICKS.flatMap((path): Row[] =>
    (["HEAD", "GET", "PATCH", "DELETE"] as const).map((method) => ({
      method,
      path,
      body: method === "PATCH" ? { chunk: 1024 } : undefined,
      // The address itself is refused, before anyone's upload is looked at (finding 1).
      ...same(400),
      // The owner's upload: its id, file name (plain and as tus sends it) and its length and offset.
      mustNotContain: [
        "{ownerUpload}",
        "own.jpg",
        Buffer.from("own.jpg").toString("base64"),
        '"upload-length":"4096"',
        '"upload-offset":"1024"',
      ],
      why: "finding 1",
    })),
  ),

  // Photos are public once on a listing; nobody changes them over HTTP.
  page("/media/{photo}/w320.webp"),
  { method: "HEAD", path: "/media/{photo}/w320.webp", ...same(200) },
  { method: "DELETE", path: "/media/{photo}/w320.webp", ...same("4xx") },
  { method: "PUT", path: "/media/{photo}/w320.webp", body: { form: { x: "1" } }, ...same("4xx") },
  { method: "GET", path: "/media/listings/00000000-0000-4000-8000-000000000000/w320.webp", ...same(404) },

  // Trust and safety (issue 13): anyone reports a listing (once), never their own.
  page("/view/{listing}/report"),
  data("/view/{listing}/report.data"),
  { method: "GET", path: "/view/00000000-0000-4000-8000-000000000000/report", ...same(404) },
  {
    method: "POST",
    path: "/view/{listing}/report",
    body: { form: { reason: "price" } },
    anonymous: changes(302, "owner"),
    stranger: changes(302, "owner"),
    owner: 400,
    moderator: changes(302, "owner"),
    admin: changes(302, "owner"),
    why: "three reports hide the listing: repaired",
  },
  { method: "POST", path: "/view/{listing}/report", body: { form: { reason: "other" } }, ...same(400), why: "'other' needs words" },
  { method: "POST", path: "/view/{listing}/report", body: { form: { reason: "steal" } }, ...same(400) },
  { method: "POST", path: "/view/{listing}/report", body: { json: { reason: "price" } }, ...same(400), why: "forms only" },
  { method: "PUT", path: "/view/{listing}/report", body: { form: { reason: "price" } }, ...same(405) },
  { method: "POST", path: "/view/00000000-0000-4000-8000-000000000000/report", body: { form: { reason: "price" } }, ...same(404) },
  {
    method: "POST",
    path: "/my/listings",
    body: { form: { intent: "review", id: "{listing}" } },
    anonymous: 302,
    stranger: 404,
    owner: 409,
    moderator: 404,
    admin: 404,
    why: "only a hidden listing's seller asks",
  },

  // The back office: staff only; everyone else gets 404 for every address and method there.
  { method: "GET", path: "/admin", ...staffOnly(200) },
  { method: "GET", path: "/admin.data", ...staffOnly(200) },
  { method: "GET", path: "/admin?view=hidden&reason=%E0%A4%9A&page=99999999999", ...staffOnly(200) },
  { method: "GET", path: "/admin/", ...staffOnly(200) },
  { method: "POST", path: "/admin", body: { form: { intent: "hide" } }, ...staffOnly(405) },
  { method: "GET", path: "/admin/listings/{listing}", ...staffOnly(200) },
  { method: "GET", path: "/admin/listings/{listing}.data", ...staffOnly(200) },
  { method: "GET", path: "/admin/listings/00000000-0000-4000-8000-000000000000", ...same(404) },
  { method: "GET", path: "/admin/listings/{listing}%2F..%2F..", ...same(404) },
  {
    method: "POST",
    path: "/admin/listings/{listing}",
    body: { form: { intent: "hide", reason: "Matrix: wrong price" } },
    ...staffOnly(changes(302, "owner")),
  },
  {
    method: "POST",
    path: "/admin/listings/{listing}",
    body: { form: { intent: "hide", reason: "   " } },
    ...staffOnly(400),
    why: "the seller must be told why",
  },
  { method: "POST", path: "/admin/listings/{listing}", body: { form: { intent: "restore" } }, ...staffOnly(409), why: "not hidden" },
  { method: "POST", path: "/admin/listings/{listing}", body: { form: { intent: "dismiss" } }, ...staffOnly(302) },
  { method: "POST", path: "/admin/listings/{listing}", body: { form: { intent: "delete" } }, ...staffOnly(400) },
  {
    method: "POST",
    path: "/admin/listings/{listing}.data",
    body: { form: { intent: "hide", reason: "Matrix" } },
    ...staffOnly(changes(202, "owner")),
  },
  { method: "PUT", path: "/admin/listings/{listing}", body: { form: { intent: "hide", reason: "Matrix" } }, ...staffOnly(405) },
  { method: "DELETE", path: "/admin/listings/{listing}", ...staffOnly(405) },
  { method: "GET", path: "/admin/people", ...staffOnly(200) },
  { method: "GET", path: "/admin/people?email={ownerEmail}", ...staffOnly(200) },
  { method: "GET", path: "/admin/people?id={ownerId}", ...staffOnly(200) },
  {
    method: "POST",
    path: "/admin/people",
    body: { form: { intent: "ban", personId: "{ownerId}", reason: "Matrix ban" } },
    ...staffOnly(changes(302, "owner")),
  },
  { method: "POST", path: "/admin/people", body: { form: { intent: "ban", personId: "{ownerId}" } }, ...staffOnly(400) },
  {
    method: "POST",
    path: "/admin/people",
    body: { form: { intent: "unban", personId: "{ownerId}" } },
    ...staffOnly(409),
    why: "not banned",
  },
  {
    method: "POST",
    path: "/admin/people",
    body: { form: { intent: "ban", personId: "{adminId}", reason: "Matrix" } },
    ...staffOnly(409),
    why: "staff are not banned",
  },
  {
    method: "POST",
    path: "/admin/people",
    body: { form: { intent: "role", personId: "{strangerId}", role: "moderator" } },
    ...staffOnly(404, changes(302, "stranger")),
    why: "admins only",
  },
  {
    method: "POST",
    path: "/admin/people",
    body: { form: { intent: "role", personId: "{strangerId}", role: "admin" } },
    ...staffOnly(400),
    why: "no page makes an admin",
  },
  {
    method: "POST",
    path: "/admin/people",
    body: { form: { intent: "role", personId: "{adminId}", role: "person" } },
    ...staffOnly(404, 409),
    why: "an admin is changed from the command line",
  },
  {
    method: "POST",
    path: "/admin/people",
    body: { form: { intent: "approve-organisation", personId: "{ownerId}", number: "UP/FPO/0000" } },
    ...staffOnly(409),
    why: "staff decide only a number waiting for them (decision 061)",
  },
  {
    method: "POST",
    path: "/admin/people",
    body: { form: { intent: "refuse-organisation", personId: "{ownerId}", number: "UP/FPO/0000" } },
    ...staffOnly(400),
    why: "a refusal needs the reason the seller reads",
  },
  { method: "PUT", path: "/admin/people", body: { form: { intent: "ban", personId: "{ownerId}", reason: "Matrix" } }, ...staffOnly(405) },
  { method: "GET", path: "/admin/audit", ...staffOnly(404, 200), why: "admins only" },
  { method: "GET", path: "/admin/audit.data", ...staffOnly(404, 200) },
  {
    method: "POST",
    path: "/admin/audit",
    body: { form: { id: "1", reason: "rewritten" } },
    ...staffOnly(404, 405),
    why: "the log is append-only",
  },
  { method: "DELETE", path: "/admin/audit", ...staffOnly(404, 405) },
  { method: "GET", path: "/admin/jobs", ...staffOnly(404, 200), why: "admins only" },
  { method: "GET", path: "/admin/jobs.data", ...staffOnly(404, 200) },
  { method: "GET", path: "/admin/jobs?done=retry", ...staffOnly(404, 200) },
  {
    method: "POST",
    path: "/admin/jobs",
    body: { form: { intent: "retry", id: "00000000-0000-4000-8000-000000000000" } },
    ...staffOnly(404, 409),
    why: "no such failed job",
  },
  { method: "POST", path: "/admin/jobs", body: { form: { intent: "retry", id: "../../etc/passwd" } }, ...staffOnly(404, 400) },
  {
    method: "POST",
    path: "/admin/jobs",
    body: { form: { intent: "retry", id: "match-listing/------------------------------------" } },
    ...staffOnly(404, 400),
  },
  {
    method: "POST",
    path: "/admin/jobs",
    body: { form: { intent: "delete", id: "00000000-0000-4000-8000-000000000000" } },
    ...staffOnly(404, 400),
  },
  {
    method: "PUT",
    path: "/admin/jobs",
    body: { form: { intent: "retry", id: "00000000-0000-4000-8000-000000000000" } },
    ...staffOnly(404, 405),
  },
  { method: "GET", path: "/admin/nothing-here", ...same(404) },

  // Saved listings and share cards (issue 24, decision 023): a heart changes only the sender's own list.
  { method: "GET", path: "/my/saved", anonymous: 302, stranger: 200, owner: 200 },
  {
    method: "POST",
    path: "/my/saved",
    body: { form: { id: "{listing}", intent: "save" } },
    anonymous: 303,
    stranger: own(303),
    owner: own(303),
    why: "saves in the sender's own list",
  },
  {
    method: "POST",
    path: "/my/saved",
    body: { form: { id: "{listing}", intent: "remove" } },
    anonymous: 303,
    stranger: own(303),
    owner: own(303),
  },
  {
    method: "POST",
    path: "/my/saved",
    body: { form: { id: "{listing}", intent: "steal" } },
    anonymous: 302,
    stranger: 400,
    owner: 400,
    why: "refused; someone signed out is then asked to log in",
  },
  {
    method: "POST",
    path: "/my/saved",
    body: { form: { id: "00000000-0000-4000-8000-000000000000", intent: "save" } },
    anonymous: 303,
    stranger: 404,
    owner: 404,
  },
  { method: "GET", path: "/share/listing/{listing}/en.jpg", ...same(200) },
  { method: "GET", path: "/share/listing/{listing}/xx.jpg", ...same(404) },
  { method: "GET", path: "/share/listing/00000000-0000-4000-8000-000000000000/hi.jpg", ...same(404) },
];

interface Placeholders {
  listing: string;
  photo: string;
  ownerUpload: string;
  strangerUpload: string;
  ownerToken: string;
  ownerId: string;
  ownerEmail: string;
  strangerId: string;
  adminId: string;
  /** A live API key of the owner's (decision 032). */
  ownerApiKey: string;
}

function fill(text: string, values: Placeholders): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? values[key as keyof Placeholders] : whole));
}

function fillDeep(value: unknown, values: Placeholders): unknown {
  if (typeof value === "string") return fill(value, values);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, values)]));
  return value;
}

async function encodeBody(body: Body | undefined, values: Placeholders): Promise<{ headers: Record<string, string>; body?: Buffer }> {
  if (!body) return { headers: {} };
  if ("json" in body)
    return { headers: { "content-type": "application/json" }, body: Buffer.from(JSON.stringify(fillDeep(body.json, values))) };
  if ("form" in body) {
    const form = fillDeep(body.form, values) as Record<string, string>;
    return { headers: { "content-type": "application/x-www-form-urlencoded" }, body: Buffer.from(new URLSearchParams(form).toString()) };
  }
  if ("tusLength" in body) return { headers: { "upload-length": String(body.tusLength) } };
  if ("chunk" in body) {
    return {
      headers: { "content-type": "application/offset+octet-stream", "upload-offset": String(body.chunk) },
      body: Buffer.alloc(256, 9),
    };
  }
  const encoded = await validSellForm(`Matrix Wheat ${uniqueTag()}`);
  return { headers: { "content-type": encoded.contentType }, body: encoded.body };
}

async function placeholders(db: Db, world: World): Promise<Placeholders> {
  const photo = await db.kysely
    .selectFrom("listing_photo")
    .select("image_key")
    .where("listing_id", "=", world.listingId)
    .where("position", "=", 0)
    .executeTakeFirstOrThrow();
  const token = await sql<{
    token: string;
  }>`select token from session where "userId" = ${world.owner.seller.id} order by "createdAt" desc`.execute(db.kysely);
  return {
    listing: world.listingId,
    photo: photo.image_key,
    ownerUpload: world.ownerUpload,
    strangerUpload: world.strangerUpload,
    ownerToken: token.rows[0]?.token ?? "no-session",
    ownerId: world.owner.seller.id,
    ownerEmail: world.owner.seller.email,
    strangerId: world.stranger.seller.id,
    adminId: world.admin.seller.id,
    ownerApiKey: await liveApiKey(db, world.owner.seller.id),
  };
}

/** The person's first live API key; one is stored for them when they have none (only its id matters here). */
async function liveApiKey(db: Db, userId: string): Promise<string> {
  const live = await db.kysely
    .selectFrom("api_key")
    .select("id")
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .orderBy("created_at")
    .executeTakeFirst();
  if (live) return live.id;
  const id = randomUUID();
  const key = `mandi_${randomBytes(32).toString("base64url")}`;
  await db.kysely
    .insertInto("api_key")
    .values({
      id,
      user_id: userId,
      key_hash: createHash("sha256").update(key).digest("hex"),
      prefix: key.slice(0, 12),
      created_at: Date.now(),
      revoked_at: null,
    })
    .execute();
  return id;
}

/** After a cell that may change the actor's own things: signed in again, with an unfinished upload again. */
async function repair(db: Db, world: World, role: "owner" | "stranger") {
  const actor = world[role];
  // Staff may have banned them, or changed their role: back to a person in good standing.
  await db.kysely
    .updateTable("user")
    .set({ role: "person", banned: sql<boolean>`false`, banReason: null })
    .where("id", "=", actor.seller.id)
    .execute();
  if (!(await signedInAs(actor.request, actor.seller.id))) await logInWith(actor.request, actor.seller);
  if (role === "owner") {
    // The owner's own tools may have sold, renewed or deleted the listing the other rows use;
    // staff (or three reports) may have hidden it.
    const listing = await db.kysely.selectFrom("listing").select("id").where("id", "=", world.listingId).executeTakeFirst();
    await db.kysely.deleteFrom("listing_report").where("seller_id", "=", actor.seller.id).execute();
    if (listing) {
      await db.kysely
        .updateTable("listing")
        .set({
          status: "active",
          expires_at: Date.now() + 30 * 86_400_000,
          hidden_at: null,
          hidden_reason: null,
          hidden_cause: null,
          review_requested_at: null,
        })
        .where("id", "=", world.listingId)
        .execute();
    } else world.listingId = (await createListingWith(actor.request, { name: `Owner Rice ${uniqueTag()}`, category: "rice", index: 3 })).id;
  }
  // Listings a sell cell made go at once, so they never crowd the newest-first sections other specs look at.
  const made = (await snapshot(db, actor.seller.id)).listings.map((l) => l.id).filter((id) => id !== world.listingId);
  await deleteListings(made);
  const uploadKey = role === "owner" ? "ownerUpload" : "strangerUpload";
  const state = await snapshot(db, actor.seller.id);
  const upload = state.uploads.find((u) => u.id === world[uploadKey]);
  const expectedBytes = role === "owner" ? 1024 : 512;
  if (upload?.bytesOnDisk !== expectedBytes)
    world[uploadKey] = await startUpload(actor.request, { length: role === "owner" ? 4096 : 8192, firstChunk: expectedBytes });
}

/** After a cell that may change a staff member's own things: signed in again, their listings gone. */
async function repairStaff(db: Db, world: World, role: "moderator" | "admin") {
  const actor = world[role];
  if (!(await signedInAs(actor.request, actor.seller.id))) await logInWith(actor.request, actor.seller);
  const made = await db.kysely.selectFrom("listing").select("id").where("seller_id", "=", actor.seller.id).execute();
  await deleteListings(made.map((l) => l.id));
}

test.describe("authorization matrix", () => {
  test.describe.configure({ timeout: 300_000 });

  test("every route and method, as anonymous, a stranger, the owner, a moderator and an admin", async ({ playwright }) => {
    const db = openE2eDatabase();
    const newContext = () => playwright.request.newContext({ baseURL: BASE_URL });
    const world = await buildWorld(newContext);
    const failures: string[] = [];
    let cells = 0;
    try {
      let values = await placeholders(db, world);
      const before = { owner: await snapshot(db, world.owner.seller.id), stranger: await snapshot(db, world.stranger.seller.id) };
      for (const row of MATRIX) {
        for (const role of ROLES) {
          cells += 1;
          const cell = cellOf(row, role);
          const expected = typeof cell === "object" && "status" in cell ? cell.status : cell;
          const changesOwn = typeof cell === "object" && "changesOwn" in cell;
          const mayChange = new Set<string>(typeof cell === "object" && "changes" in cell ? cell.changes : changesOwn ? [role] : []);
          const actor = world[role];
          const path = fill(row.path, values);
          const label = `${role} ${row.method} ${path}`;
          const encoded = await encodeBody(row.body, values);
          const cookie = await cookieHeader(actor.request);
          const response = await rawRequest({
            method: row.method,
            path,
            headers: {
              ...TUS,
              ...(row.method === "GET" || row.method === "HEAD" ? {} : SAME_ORIGIN),
              ...(cookie ? { cookie } : {}),
              ...encoded.headers,
            },
            body: encoded.body,
          });
          if (expected !== "any" && !statusMatches(response.status, expected)) {
            failures.push(
              `${label}: expected ${JSON.stringify(expected)}, got ${response.status} ${response.body.toString("utf8").slice(0, 120)}`,
            );
          }
          if (response.status >= 500) failures.push(`${label}: server error ${response.status}`);
          const seen = `${JSON.stringify(response.headers)}\n${response.body.toString("utf8")}`;
          for (const secret of row.mustNotContain ?? []) {
            const text = fill(secret, values);
            if (seen.includes(text)) failures.push(`${label}: the answer contains "${text}"`);
          }
          // Untouched unless it is the actor's own and the cell allows it.
          for (const who of ["owner", "stranger"] as const) {
            if (mayChange.has(who)) continue;
            const now = await snapshot(db, world[who].seller.id);
            const changed = (Object.keys(now) as Array<keyof OwnedState>).filter(
              (key) => JSON.stringify(now[key]) !== JSON.stringify(before[who][key]),
            );
            if (changed.length) {
              const detail = changed.map((key) => `${key}: ${JSON.stringify(before[who][key])} → ${JSON.stringify(now[key])}`).join("; ");
              failures.push(`${label}: changed the ${who}'s ${detail}`);
              before[who] = now;
            }
          }
          if (changesOwn && (role === "moderator" || role === "admin")) await repairStaff(db, world, role);
          for (const who of ["owner", "stranger"] as const) {
            if (!mayChange.has(who)) continue;
            await repair(db, world, who);
            values = await placeholders(db, world);
            before[who] = await snapshot(db, world[who].seller.id);
          }
        }
      }
      // The owner's listing is still whole and its photo still served.
      const owner: OwnedState = await snapshot(db, world.owner.seller.id);
      expect(owner.listings.length).toBeGreaterThanOrEqual(1);
      const photo = await world.anonymous.request.get(`/media/${values.photo}/w320.webp`);
      expect(photo.status()).toBe(200);
    } finally {
      console.log(`authorization matrix: ${MATRIX.length} rows, ${cells} cells, ${failures.length} failing`);
      await world.dispose();
      await db.close();
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });
});
