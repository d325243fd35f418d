/**
 * The shape of a language's catalogue, from the English one (core/i18n/catalogues/en.json; decision
 * 060). Types only: importing this module brings no messages into a browser chunk.
 */
import type en from "./catalogues/en.json";

/** Every word of one language: the pages', the offline pieces', the emails' (`mail`) and the server's (`server`). */
export type FullCatalogue = typeof en;

/** What a page may show and the browser fetches (server/http/messages.ts): all but the emails' and the server's words. */
export type PageCatalogue = Omit<FullCatalogue, "mail" | "server">;
