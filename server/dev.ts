/** `npm run dev`: the same server, with Vite compiling the app on the fly. */
import { createServer } from "vite";
import type * as StartServer from "./http/start-server";

type StartServerModule = typeof StartServer;

process.env.NODE_ENV ??= "development";
const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { startServer } = (await vite.ssrLoadModule("/server/http/start-server.ts")) as StartServerModule;
await startServer({
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as never,
  devMiddleware: vite.middlewares,
});
