/**
 * A request sent with a method a page takes no form for is answered 405 in plain words: React
 * Router's own answer named the route's internal id (issue 9, finding 8).
 */
import { expect, test } from "./support/fixtures";

const PLAIN = "This page does not take forms, so nothing was changed. Please go back and try again.";
/** What React Router's own 405 said: the route id ("routes/home", "root") and the word `action`. */
const INTERNALS = /routes\/|"root"|\broot\b|`action`|did not provide/;

test("a .data request with a method no action takes gets a plain 405 naming nothing internal", async ({ request }) => {
  const cases: Array<["post" | "put" | "delete" | "patch", string]> = [
    ["post", "/.data"],
    ["post", "/_root.data?index"],
    // Not a listing's page: it takes the "Show number" form (decision 046).
    ["post", "/prices.data"],
    ["post", "/viewmore.data?q=rice"],
    ["put", "/.data"],
    ["delete", "/viewmore.data"],
    ["patch", "/view.data"],
  ];
  for (const [method, url] of cases) {
    const response = await request[method](url, { maxRedirects: 0 });
    const body = await response.text();
    expect(response.status(), `${method} ${url}`).toBe(405);
    expect(body, `${method} ${url}`).toBe(PLAIN);
    expect(body, `${method} ${url}`).not.toMatch(INTERNALS);
    expect(response.headers().allow).toBe("GET, HEAD");
  }
});

// The page's text; React Router's hydration data (a script) still carries its own message, which
// is encoded before our code sees it.
test("a page posted to that takes no form says so plainly, without route ids", async ({ request }) => {
  for (const url of ["/", "/viewmore?q=rice", "/prices"]) {
    const response = await request.post(url, { form: { x: "1" }, maxRedirects: 0 });
    const body = await response.text();
    expect(response.status(), url).toBe(405);
    expect(body, url).toContain(PLAIN);
    expect(body.replace(/<script[\s\S]*?<\/script>/g, ""), url).not.toMatch(/routes\/|did not provide/);
  }
});
