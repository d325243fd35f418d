/**
 * The HTTP contract without a browser: bad requests get a 4xx with a message a person can act
 * on (never a 500), and the server's own endpoints answer as load balancers and browsers expect.
 */
import { countListingsNamed, expect, test, uniqueTag } from "./support/fixtures";

test.describe("bad requests get a clear 4xx, never a 500", () => {
  test("query strings with nonsense values still render", async ({ request }) => {
    for (const url of [
      "/viewmore?page=abc",
      "/viewmore?page=-4&sort=drop%20table",
      "/viewmore?page=999999999",
      "/?category=%00%FF",
      "/viewmore?q=%25%25%25&by=zzz",
      "/viewmore?q=%00%00%00",
      "/api/suggestions?q=%00%00%00",
      "/viewmore?q=%22rice%20OR&min=-1&max=abc",
      "/api/suggestions?q=NEAR(a%22",
    ]) {
      const response = await request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBeLessThan(400);
    }
  });

  test("photo paths that are not ours are 404, including traversal attempts", async ({ request }) => {
    for (const url of [
      "/media/..%2F..%2Fetc%2Fpasswd",
      "/media/listings/%2e%2e/%2e%2e/auth-secret",
      "/media/auth-secret",
      "/media/listings/x/w320.webp",
    ]) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(404);
    }
  });

  test("a malformed %-escape in the path is a 400, not a 500", async ({ request }) => {
    for (const url of ["/view/%E0%A4%A", "/%E0%A4%A", "/media/%E0%A4%A"]) {
      const response = await request.get(url);
      expect(response.status(), url).toBeGreaterThanOrEqual(400);
      expect(response.status(), url).toBeLessThan(500);
    }
  });

  test("a sell form posted while signed out is refused with the spec's message", async ({ request }) => {
    const response = await request.post("/create", { multipart: { name: "x", category: "rice", price: "1", description: "d" } });
    expect(response.status()).toBe(401);
    expect(await response.text()).toContain("You must login first");
  });

  // `page.request` shares the signed-in seller's cookies.
  test("a sell form that is not multipart, or is broken multipart, gets a 400", async ({ page, seller }) => {
    expect(seller.id).toBeTruthy();
    const request = page.request;
    const plain = await request.post("/create", { form: { name: "x" } });
    expect(plain.status()).toBe(400);
    const broken = await request.post("/create", {
      headers: { "content-type": "multipart/form-data; boundary=XYZ" },
      data: '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nhalf a part',
    });
    expect(broken.status()).toBe(400);
    expect(await broken.text()).toContain("We could not read that form");
  });

  // The browser's side of the same refusal (the message beside the field) is in bad-input.spec.ts.
  test("a photo over the limit is answered 413 with the message, and nothing is stored", async ({ page, seller }) => {
    expect(seller.id).toBeTruthy();
    const name = `Huge Direct ${uniqueTag()}`;
    const response = await page.request.post("/create", {
      multipart: {
        name,
        category: "rice",
        price: "10",
        description: "Too big",
        image: { name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(11 * 1024 * 1024, 0xff) },
      },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(413);
    expect(await response.text()).toContain("larger than 10 MB");
    expect(await countListingsNamed(name)).toBe(0);
  });

  test("sign-up and login with missing or malformed fields answer 400 with field messages", async ({ request }) => {
    const signup = await request.post("/signup", { form: { email: "not-an-email", phone: "12345", password: "short" } });
    expect(signup.status()).toBe(400);
    const body = await signup.text();
    expect(body).toContain("Please enter your full name.");
    expect(body).toContain("Please enter a valid email");
    expect(body).toContain("10-digit Indian mobile number");
    expect(body).toContain("at least 8 characters");
    const login = await request.post("/login", { form: {} });
    expect(login.status()).toBe(400);
  });

  test("better-auth's own sign-up endpoint applies the sign-up form's checks", async ({ request }) => {
    const base = { name: "Api Seller", email: `api-${Date.now()}@example.in`, password: "long-enough-pw" };
    const badPhone = await request.post("/api/auth/sign-up/email", { data: { ...base, phone: "not a phone" } });
    expect(badPhone.status()).toBe(400);
    expect(await badPhone.text()).toContain("10-digit Indian mobile number");
    const blankName = await request.post("/api/auth/sign-up/email", { data: { ...base, name: "   ", phone: "9876543210" } });
    expect(blankName.status()).toBe(400);
  });

  test("a login or sign-up body that is not a form gets a 400", async ({ request }) => {
    for (const url of ["/login", "/signup"]) {
      const json = await request.post(url, { data: { email: "a@b.in" } });
      expect(json.status(), url).toBe(400);
      const text = await request.post(url, { headers: { "content-type": "text/plain" }, data: "hello" });
      expect(text.status(), url).toBe(400);
    }
  });

  test("source maps are not served", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const script = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(script).toBeTruthy();
    expect((await request.get(`${script}`)).status()).toBe(200);
    expect((await request.get(`${script}.map`)).status()).toBe(404);
  });

  test("a form posted from another site is refused", async ({ request }) => {
    const response = await request.post("/login", {
      headers: { origin: "https://evil.example" },
      form: { email: "a@b.in", password: "x" },
    });
    expect(response.status()).toBe(403);
  });
});

test.describe("server endpoints", () => {
  test("health and readiness", async ({ request }) => {
    expect((await request.get("/healthz")).status()).toBe(200);
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });

  test("pages carry security headers and a script nonce; unknown pages are 404", async ({ request }) => {
    const home = await request.get("/");
    const csp = home.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(await home.text()).toContain(`nonce="${nonce}"`);
    expect(home.headers()["x-content-type-options"]).toBe("nosniff");
    expect(home.headers()["x-request-id"]).toBeTruthy();
    expect((await request.get("/no-such-page")).status()).toBe(404);
  });

  test("photos are served as WebP with a long cache lifetime", async ({ request, createListing, page }) => {
    const listing = await createListing();
    await page.goto(`/view/${listing.id}`);
    const src = await page.getByRole("img", { name: listing.name }).getAttribute("src");
    const photo = await request.get(src!);
    expect(photo.status()).toBe(200);
    expect(photo.headers()["content-type"]).toBe("image/webp");
    expect(photo.headers()["cache-control"]).toContain("immutable");
  });

  test("suggestions answer JSON for the text asked (the cap of 15 is tested in search.spec)", async ({ request }) => {
    const response = await request.get("/api/suggestions?q=a");
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { q: string; suggestions: unknown[] };
    expect(body.q).toBe("a");
    expect(body.suggestions.length).toBeLessThanOrEqual(15);
  });
});
