/**
 * A real SMTP server (the smtp-server package) on 127.0.0.1 and a port of its own, which keeps
 * every message it accepts, raw, for a test to parse with mailparser. It can refuse chosen
 * recipients with a permanent 550, as a mailbox that does not exist is refused.
 */
import type { AddressInfo, Socket } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: Buffer;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Recipients refused with "550 5.1.1 No such user" (lower-cased). */
  refuse: Set<string>;
  /** RCPT TO commands seen, refused or not (lower-cased addresses). */
  recipientsTried: string[];
  close(): Promise<void>;
}

/**
 * `noDelay`: answer each command at once (TCP_NODELAY), as a busy mail server's replies are not
 * held back by Nagle's algorithm waiting on the client's delayed ACK (about 40 ms a command on
 * loopback); the digest benchmark uses it so that it times Mandi's sending, not that wait.
 */
export async function startTestSmtpServer(options: { port?: number; noDelay?: boolean } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const refuse = new Set<string>();
  const recipientsTried: string[] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback: no TLS certificate to trust, no login.
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    // Closing drops the connections still open (Mandi's mailer keeps a pooled one), as a server
    // that goes down does, rather than waiting 30 s for the client to leave.
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      recipientsTried.push(to);
      if (refuse.has(to)) return callback(Object.assign(new Error("5.1.1 No such user"), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  if (options.noDelay) server.server.on("connection", (socket: Socket) => socket.setNoDelay(true));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse,
    recipientsTried,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port on 127.0.0.1 that nothing listens on (an SMTP server that is down). */
export async function closedPort(): Promise<number> {
  const { createServer } = await import("node:net");
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
