/** `npm run dev`: the same server, with Vite compiling the app on the fly. */
import { createServer } from "vite";

process.env.NODE_ENV ??= "development";
const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { startServer } = (await vite.ssrLoadModule("/server/http/start-server.ts")) as typeof import("./http/start-server");
await startServer({
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as never,
  devMiddleware: vite.middlewares,
});
