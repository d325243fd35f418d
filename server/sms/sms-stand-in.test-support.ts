/**
 * A stand-in for Twilio's and MSG91's HTTP APIs on 127.0.0.1 (decision 058), for the service
 * tests and the end-to-end spec. It checks each request as the provider documents it (method,
 * path, auth, fields, the DLT template's exact text) and records the message, so a test reads the
 * code from what "the phone" received. A request that does not fit is answered 400 and listed in
 * `problems`, which every test expects empty. It knows every language's template (sms-text.ts:
 * Twilio's Body, and an MSG91 template id each in `STAND_IN_MSG91.templateIds`); `languages`
 * says which are registered with it (all twelve unless told), as an operator's DLT registrations
 * are: a Body or template id of any other language is refused. `mode` makes it fail as a provider
 * does: "down" (500), "slow" (answers after `slowMs`), "refuse" (Twilio 400 / MSG91 type error).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { LANGUAGES, type Language } from "../../core/i18n/languages";
import { SMS_CODE_TEMPLATES } from "./sms-text";

export const STAND_IN_TWILIO = {
  accountSid: "AC0123456789abcdef0123456789abcdef",
  authToken: "stand-in-auth-token-0123456789",
  sender: "MANDIO",
};
export const STAND_IN_MSG91 = {
  authKey: "stand-in-msg91-key",
  /** MSG91's template id of each language's text: msg91TemplateEN01, msg91TemplateTA01, … */
  templateIds: Object.fromEntries(LANGUAGES.map((language) => [language, `msg91Template${language.toUpperCase()}01`])) as Readonly<
    Record<Language, string>
  >,
};

export interface StandInMessage {
  provider: "twilio" | "msg91";
  to: string;
  code: string;
  /** The text the phone shows (Twilio), or the template id (MSG91). */
  body: string;
  language: Language;
}

export interface SmsStandIn {
  url: string;
  messages: StandInMessage[];
  problems: string[];
  mode: "ok" | "down" | "slow" | "refuse";
  slowMs: number;
  /** The code of the last message to `to` (E.164). */
  lastCodeTo(to: string): string | undefined;
  close(): Promise<void>;
}

function templateMatch(body: string, registered: readonly Language[]): { code: string; language: Language } | null {
  for (const language of registered) {
    const [before, after] = SMS_CODE_TEMPLATES[language].split("{#var#}") as [string, string];
    if (body.startsWith(before) && body.endsWith(after)) {
      const code = body.slice(before.length, body.length - after.length);
      if (/^\d{6}$/.test(code)) return { code, language };
    }
  }
  return null;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startSmsStandIn(options: { port?: number; languages?: readonly Language[] } = {}): Promise<SmsStandIn> {
  const registered = options.languages ?? LANGUAGES;
  const standIn: SmsStandIn = {
    url: "",
    messages: [],
    problems: [],
    mode: "ok",
    slowMs: 10_000,
    lastCodeTo: (to) => standIn.messages.filter((message) => message.to === to).at(-1)?.code,
    close: async () => undefined,
  };

  const refuse = (response: ServerResponse, problem: string) => {
    standIn.problems.push(problem);
    response.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ message: problem }));
  };

  async function twilio(request: IncomingMessage, response: ServerResponse, url: URL) {
    const { accountSid, authToken, sender } = STAND_IN_TWILIO;
    if (url.pathname !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) return refuse(response, `Twilio: wrong path ${url.pathname}`);
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
    if (request.headers.authorization !== expected) return refuse(response, "Twilio: wrong Basic auth");
    if (!request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded"))
      return refuse(response, "Twilio: not form-encoded");
    const form = new URLSearchParams(await readBody(request));
    const to = form.get("To") ?? "";
    if (!/^\+91[6-9]\d{9}$/.test(to)) return refuse(response, "Twilio: To is not an Indian E.164 mobile");
    if (form.get("From") !== sender && !form.get("MessagingServiceSid")) return refuse(response, "Twilio: From is not the DLT sender ID");
    const body = form.get("Body") ?? "";
    const match = templateMatch(body, registered);
    if (!match) return refuse(response, "Twilio: Body is not the registered DLT template's text");
    const unknown = [...form.keys()].filter((key) => !["To", "From", "MessagingServiceSid", "Body"].includes(key));
    if (unknown.length) return refuse(response, `Twilio: unexpected fields ${unknown.join(",")}`);
    if (standIn.mode === "refuse")
      return response.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ code: 21211, message: "Invalid 'To'" }));
    standIn.messages.push({ provider: "twilio", to, code: match.code, body, language: match.language });
    response.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ sid: `SM${"0".repeat(32)}`, status: "queued" }));
  }

  async function msg91(request: IncomingMessage, response: ServerResponse, url: URL) {
    if (url.pathname !== "/api/v5/otp") return refuse(response, `MSG91: wrong path ${url.pathname}`);
    if (request.headers.authkey !== STAND_IN_MSG91.authKey) return refuse(response, "MSG91: wrong authkey header");
    await readBody(request);
    const template = url.searchParams.get("template_id");
    const language = registered.find((candidate) => STAND_IN_MSG91.templateIds[candidate] === template);
    if (!language || !template) return refuse(response, "MSG91: unknown template_id");
    const mobile = url.searchParams.get("mobile") ?? "";
    if (!/^91[6-9]\d{9}$/.test(mobile)) return refuse(response, "MSG91: mobile is not 91 and ten digits");
    const code = url.searchParams.get("otp") ?? "";
    if (!/^\d{6}$/.test(code)) return refuse(response, "MSG91: otp is not six digits");
    if (standIn.mode === "refuse")
      return response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ type: "error", message: "invalid" }));
    standIn.messages.push({ provider: "msg91", to: `+${mobile}`, code, body: template, language });
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ type: "success", request_id: "stand-in" }));
  }

  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    void (async () => {
      if (standIn.mode === "down") return void response.writeHead(500).end("down");
      if (standIn.mode === "slow") await new Promise((resolve) => setTimeout(resolve, standIn.slowMs));
      if (request.method !== "POST") return refuse(response, `wrong method ${request.method}`);
      const url = new URL(request.url ?? "/", "http://stand-in");
      if (url.pathname.startsWith("/2010-04-01/")) return twilio(request, response, url);
      return msg91(request, response, url);
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500).end(String(error));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return standIn;
}
