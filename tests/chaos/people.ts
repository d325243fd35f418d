/** What a seller does in the chaos tests, through the app's real forms and endpoints. */
import { expect } from "vitest";
import { makeProducePhoto, makeSeller, type SellerData } from "../../server/seed/factories";
import { cookiesOf, request, type AppProcess, type Reply } from "../support/app-process";
import { sellFormData } from "../support/listings";

export function signUp(app: AppProcess, seller: SellerData): Promise<Reply> {
  return request(app, "POST", "/signup", {
    form: { name: seller.name, email: seller.email, phone: seller.phone, password: seller.password },
  });
}

export function signIn(app: AppProcess, seller: SellerData): Promise<Reply> {
  return request(app, "POST", "/login", { form: { email: seller.email, password: seller.password } });
}

/** A new seller, signed up and signed in: the session cookie. */
export async function newSellerSession(app: AppProcess, n: number): Promise<{ seller: SellerData; cookie: string }> {
  const seller = makeSeller(n);
  const signedUp = await signUp(app, seller);
  expect(signedUp.status, signedUp.text).toBe(302);
  const signedIn = await signIn(app, seller);
  expect(signedIn.status, signedIn.text).toBe(302);
  return { seller, cookie: cookiesOf(signedIn) };
}

/** The sell form as a browser without JavaScript sends it: fields and the photo together. */
export async function createListing(app: AppProcess, cookie: string, name: string): Promise<Reply> {
  const photo = await makeProducePhoto("vegetables", 7, { width: 640, height: 480 });
  const form = sellFormData({ name, price: "32", description: "Grown for the chaos tests" }, { bytes: photo, fileName: "onion.jpg" });
  return request(app, "POST", "/create", { body: form, headers: { cookie }, timeoutMs: 20_000 });
}

/** Every status a fault may answer with: success, or 503 with Retry-After. Never a 500. */
export function expectServedOrUnavailable(reply: Reply): void {
  expect([200, 302, 503], `${reply.status}: ${reply.text.slice(0, 300)}`).toContain(reply.status);
  if (reply.status === 503) expect(reply.headers.get("retry-after")).toMatch(/^\d+$/);
}

export function expectUnavailable(reply: Reply, withinMs: number): void {
  expect(reply.status, reply.text.slice(0, 300)).toBe(503);
  expect(reply.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(reply.ms).toBeLessThan(withinMs);
}
