/**
 * HTTP without a client's help: the path is sent exactly as written (no dot-segment or %-escape
 * normalization), and a raw socket can send two requests on one keep-alive connection.
 */
import http from "node:http";
import net from "node:net";
import { E2E_PORT } from "../../../playwright.config";

const HOST = "127.0.0.1";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request whose path reaches the server byte for byte. */
export function rawRequest(options: {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: HOST,
        port: E2E_PORT,
        method: options.method ?? "GET",
        path: options.path,
        headers: options.headers,
        agent: false,
        timeout: 10_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer to ${options.method ?? "GET"} ${options.path} within 10 s`)));
    request.on("error", reject);
    request.end(options.body);
  });
}

/**
 * Sends `first` with a body of `bodyBytes` bytes, then at once a GET /healthz on the same
 * connection, and reports what came back within `withinMs`: the status lines seen, whether the
 * health answer arrived, and whether the server closed the connection.
 */
export function twoRequestsOnOneSocket(
  first: { method: string; path: string; headers?: Record<string, string> },
  bodyBytes: number,
  withinMs: number,
): Promise<{ statusLines: string[]; secondAnswered: boolean; closed: boolean; timedOut: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(E2E_PORT, HOST);
    let received = "";
    let closed = false;
    const finish = (timedOut: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({
        statusLines: received.match(/HTTP\/1\.1 \d{3}[^\r]*/g) ?? [],
        secondAnswered: received.includes('{"status":"ok"}'),
        closed,
        timedOut,
      });
    };
    const timer = setTimeout(() => finish(true), withinMs);
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      received += chunk;
      if (received.includes('{"status":"ok"}')) finish(false);
    });
    socket.on("close", () => {
      closed = true;
      finish(false);
    });
    socket.on("error", () => {});
    const head = [
      `${first.method} ${first.path} HTTP/1.1`,
      `Host: ${HOST}:${E2E_PORT}`,
      "Content-Type: application/x-www-form-urlencoded",
      `Content-Length: ${bodyBytes}`,
      ...Object.entries(first.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.write(`${head.join("\r\n")}\r\n\r\n`);
    socket.write(Buffer.alloc(bodyBytes, "a"));
    socket.write(`GET /healthz HTTP/1.1\r\nHost: ${HOST}:${E2E_PORT}\r\n\r\n`);
  });
}
