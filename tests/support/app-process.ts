/**
 * The production build (build/server/index.js) as a real child process, for tests that must see
 * whether the process survives: the chaos suite. Its output is kept so a test can read the
 * operator's log.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { connect } from "node:net";

export interface AppProcess {
  url: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  alive(): boolean;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export const TEST_AUTH_SECRET = "chaos-tests-secret-chaos-tests-secret-0123";

/** Starts the app; with `waitUntilReady` (the default) resolves once /healthz answers. */
export async function startAppProcess(options: {
  port: number;
  env: Record<string, string>;
  waitUntilReady?: boolean;
}): Promise<AppProcess> {
  if (!existsSync("build/server/index.js")) throw new Error("No production build: run `npx react-router build` first.");
  const url = `http://127.0.0.1:${options.port}`;
  // Another process on the port would answer /healthz in this one's place, and the test would
  // judge a server it did not start (seen: a server left over from a stopped run).
  if (await portAnswers(options.port))
    throw new Error(`port ${options.port} is already taken by another process: stop it, or give this test another port`);
  const child = spawn(process.execPath, ["build/server/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(options.port),
      BASE_URL: url,
      AUTH_SECRET: TEST_AUTH_SECRET,
      AUTH_SIGNIN_PER_MINUTE: "1000",
      AUTH_SIGNUP_PER_MINUTE: "1000",
      PHONE_REVEALS_PER_HOUR: "1000000",
      PHONE_REVEAL_PRESSES_PER_HOUR: "1000000",
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const app: AppProcess = {
    url,
    child,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    exited,
    async stop() {
      if (!app.alive()) return;
      child.kill("SIGKILL");
      await exited;
    },
  };
  if (options.waitUntilReady ?? true) {
    const deadline = Date.now() + 60_000;
    while (
      !(await request(app, "GET", "/healthz", { timeoutMs: 1_000 }).then(
        (r) => r.status === 200,
        () => false,
      ))
    ) {
      if (!app.alive()) throw new Error(`the app exited with ${child.exitCode} before it was ready:\n${output}`);
      if (Date.now() > deadline) throw new Error(`the app did not answer /healthz within 60 s:\n${output}`);
      await sleep(100);
    }
  }
  return app;
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** How long the whole answer took. */
  ms: number;
}

/**
 * One request, bounded: a reply slower than `timeoutMs` fails the test (a hang is a defect).
 * POSTs carry the site's Origin, as a browser's do.
 */
export async function request(
  app: Pick<AppProcess, "url">,
  method: "GET" | "POST" | "PATCH",
  pathname: string,
  options: { timeoutMs?: number; headers?: Record<string, string>; body?: BodyInit; form?: Record<string, string> } = {},
): Promise<Reply> {
  const started = performance.now();
  const headers: Record<string, string> = { ...(method === "POST" ? { origin: app.url } : {}), ...options.headers };
  let body = options.body;
  if (options.form) {
    body = new URLSearchParams(options.form).toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  const response = await fetch(`${app.url}${pathname}`, {
    method,
    headers,
    body,
    redirect: "manual",
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, ms: performance.now() - started };
}

/** Asks until `ok` holds or `withinMs` passes; the last reply is returned either way. */
export async function askUntil(ask: () => Promise<Reply>, ok: (reply: Reply) => boolean, withinMs: number): Promise<Reply> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const reply = await ask().catch((error: unknown) => ({ status: 0, headers: new Headers(), text: String(error), ms: 0 }));
    if (ok(reply) || Date.now() > deadline) return reply;
    await sleep(200);
  }
}

export function cookiesOf(reply: Reply): string {
  return reply.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether something accepts connections on 127.0.0.1:`port`. */
function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.setTimeout(2_000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(false));
  });
}
