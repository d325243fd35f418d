/**
 * The mailer's waits are bounded (decision 026): an SMTP server that accepts the connection and
 * then says nothing fails the attempt (for the job queue to retry), and is never permanent.
 */
import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer, isPermanentRejection, SMTP_TIMEOUTS } from "./mailer";

describe("mailer", () => {
  const sockets: Socket[] = [];
  const silent = createServer((socket) => void sockets.push(socket));
  let port: number;

  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", () => resolve()));
    port = (silent.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it("gives up on a server that never greets, within its bound, as a temporary failure", async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "Mandi <alerts@mandi.example.in>" }, { greetingTimeout: 300 });
    const started = performance.now();
    const error = await mailer.send({ to: "buyer@example.in", subject: "s", text: "t", html: "<p>t</p>", language: "en" }).then(
      () => null,
      (e: unknown) => e,
    );
    mailer.close();
    expect(error).toBeInstanceOf(Error);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(isPermanentRejection(error)).toBe(false);
  });

  it("bounds every wait by default", () => {
    for (const ms of Object.values(SMTP_TIMEOUTS)) expect(ms).toBeLessThanOrEqual(20_000);
  });

  it("reads only a 5xx reply to RCPT TO as permanent", () => {
    expect(
      isPermanentRejection(Object.assign(new Error("no such user"), { responseCode: 550, command: "RCPT TO", code: "EENVELOPE" })),
    ).toBe(true);
    // Our fault, not the address's: a wrong password, a refused sender, refused content.
    expect(isPermanentRejection(Object.assign(new Error("bad login"), { responseCode: 535, command: "AUTH PLAIN", code: "EAUTH" }))).toBe(
      false,
    );
    expect(
      isPermanentRejection(Object.assign(new Error("sender refused"), { responseCode: 553, command: "MAIL FROM", code: "EENVELOPE" })),
    ).toBe(false);
    expect(isPermanentRejection(Object.assign(new Error("spam"), { responseCode: 554, command: "DATA", code: "EMESSAGE" }))).toBe(false);
    expect(isPermanentRejection(Object.assign(new Error("mailbox full, later"), { responseCode: 452 }))).toBe(false);
    expect(isPermanentRejection(Object.assign(new Error("refused"), { code: "ECONNECTION" }))).toBe(false);
    expect(isPermanentRejection(null)).toBe(false);
  });
});
