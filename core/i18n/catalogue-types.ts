/**
 * The shape of a language's catalogue, from the English one (core/i18n/catalogues/en/; decision
 * 060). Types only: importing this module brings no messages into a browser chunk.
 */
import type mail from "./catalogues/en/mail.json";
import type offline from "./catalogues/en/offline.json";
import type pages from "./catalogues/en/pages.json";
import type server from "./catalogues/en/server.json";

/** What a page may show and the browser fetches (server/http/messages.ts): the pages' words and the offline pieces'. */
export type PageCatalogue = typeof pages & { offline: typeof offline };

/** Every word of one language: the page words, the emails' (`mail`) and the server's (`server`, keyed by the English text). */
export type FullCatalogue = PageCatalogue & { mail: typeof mail; server: typeof server };
