/**
 * The real Express app (server/http/app.ts) on a port of its own, for tests that speak HTTP to
 * /api/auth and the other endpoints Express answers itself. Pages are not built in unit tests,
 * so a page request fails loudly.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createHttpApp, type HttpAppOptions } from "../../server/http/app";
import type { Services } from "../../server/services";

export interface TestHttpApp {
  url: string;
  /** The site's own origin (BASE_URL), for the Origin header of requests that carry a cookie. */
  origin: string;
  close(): Promise<void>;
}

/** `t` may be a second set of services on the same database: another instance. */
export async function startTestHttpApp(t: Services, options: Pick<HttpAppOptions, "apiDeprecations"> = {}): Promise<TestHttpApp> {
  const app = createHttpApp({ services: t, build: () => Promise.reject(new Error("pages are not built in this test")), ...options });
  const { url, close } = await listenForTest(createServer(app));
  return { url, origin: new URL(t.config.baseUrl).origin, close };
}

/** A server a test made, not yet listening, on a port of its own, and how to stop it. */
export async function listenForTest(server: Server): Promise<{ url: string; close(): Promise<void> }> {
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
