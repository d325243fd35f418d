/**
 * A real nginx for the tests that put one in front of app instances: in the foreground, with its
 * own config, logs and temp folders under `dir`, listening on 127.0.0.1. Needs nginx
 * (`apt-get install -y nginx-light`; NGINX_PATH to use another).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { userInfo } from "node:os";
import path from "node:path";

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

/** The site config an operator copies (docs/operations.md). */
export const SHIPPED_SITE = path.resolve("deploy/nginx/mandi.conf");

/**
 * The shipped site as it is, but for what only a real host has: its upstream servers become
 * `upstreams`, and its TLS listener (and certificates) plain HTTP on 127.0.0.1:`listenPort`.
 */
export function shippedSite(listenPort: number, upstreams: string[]): string {
  const site = readFileSync(SHIPPED_SITE, "utf8");
  const swapped = site
    .replace(/upstream mandi \{[^}]*\}/, `upstream mandi { ${upstreams.map((host) => `server ${host};`).join(" ")} }`)
    .replace(/^(\s*)listen [^;]*;$/m, `$1listen 127.0.0.1:${listenPort};`)
    .replace(/^\s*ssl_certificate(_key)? [^;]*;$/gm, "");
  if (swapped.includes("ssl") && /^\s*[^#\s].*\bssl\b/m.test(swapped))
    throw new Error(`${SHIPPED_SITE} has TLS settings the test does not know how to leave out`);
  if (!swapped.includes(`listen 127.0.0.1:${listenPort};`) || !swapped.includes(upstreams[0]!))
    throw new Error(`${SHIPPED_SITE} no longer has one \`upstream mandi { … }\` and one \`listen …;\``);
  return swapped;
}

export interface Nginx {
  url: string;
  process: ChildProcess;
  exited: Promise<unknown>;
}

/**
 * Starts nginx with `upstream mandi` over `upstreams` (host:port) and one server whose
 * `location / { … }` holds `location`, or with the shipped site (`shipped: true`); `http` adds
 * directives to the http block. Resolves once it answers /healthz through an upstream.
 */
export async function startNginx(options: {
  dir: string;
  listenPort: number;
  upstreams: string[];
  location?: string;
  shipped?: boolean;
  http?: string;
}): Promise<Nginx> {
  if (!existsSync(NGINX))
    throw new Error(`nginx was not found at ${NGINX}. Install it with: apt-get install -y nginx-light (or set NGINX_PATH).`);
  const { dir } = options;
  mkdirSync(dir, { recursive: true });
  const config = `
    daemon off;
    worker_processes 1;
    # Ignored unless started as root; then the worker may write the scratch folder.
    user ${userInfo().username};
    pid ${dir}/nginx.pid;
    error_log ${dir}/error.log warn;
    events { worker_connections 64; }
    http {
      access_log off;
      client_body_temp_path ${dir}/client-body;
      proxy_temp_path ${dir}/proxy;
      fastcgi_temp_path ${dir}/fastcgi;
      uwsgi_temp_path ${dir}/uwsgi;
      scgi_temp_path ${dir}/scgi;
      ${options.http ?? ""}
      ${
        options.shipped
          ? shippedSite(options.listenPort, options.upstreams)
          : `upstream mandi { ${options.upstreams.map((host) => `server ${host};`).join(" ")} }
      server {
        listen 127.0.0.1:${options.listenPort};
        location / {${options.location ?? ""}
        }
      }`
      }
    }`;
  writeFileSync(path.join(dir, "nginx.conf"), config);
  const child = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log")], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const nginx = {
    url: `http://127.0.0.1:${options.listenPort}`,
    process: child,
    exited: new Promise((resolve) => child.once("exit", resolve)),
  };
  for (
    let waited = 0;
    !(await fetch(`${nginx.url}/healthz`).then(
      (r) => r.ok,
      () => false,
    ));
    waited += 100
  ) {
    if (waited > 10_000 || child.exitCode !== null)
      throw new Error(`nginx did not answer on ${nginx.url}: ${readFileSync(path.join(dir, "error.log"), "utf8")}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return nginx;
}
