/**
 * GET /share/listing/<id>/<lang>-<version>.jpg: a listing's preview card (decision 023), for
 * crawlers (WhatsApp, Facebook) that fetch og:image with no cookies. The address with the current
 * version is kept a day by anyone; an older or missing version gets today's card, kept five
 * minutes. A hidden or unknown listing is a 404, a deleted one a 410 (and its cards are removed).
 */
import type { RequestHandler } from "express";
import { isAppError } from "../../core/shared/app-error";
import { CARD_LANGUAGES, type ShareCardsService } from "./share-cards.service";
import type { Language } from "../../core/i18n/languages";

const FILE = new RegExp(`^(${CARD_LANGUAGES.join("|")})(?:-([0-9a-f]{16}))?\\.jpg$`);
const ID = /^[0-9a-f-]{36}$/i;
export const CURRENT_CARD_CACHE_CONTROL = "public, max-age=86400";
export const OTHER_CARD_CACHE_CONTROL = "public, max-age=300";

export function serveShareCard(cards: ShareCardsService): RequestHandler {
  return async (req, res, next) => {
    const { id, file } = req.params as { id: string; file: string };
    const match = FILE.exec(file);
    if (!match || !ID.test(id)) return void res.status(404).type("text/plain").send("Not found");
    try {
      const card = await cards.getCard({ listingId: id.toLowerCase(), lang: match[1] as Language });
      res.setHeader("Cache-Control", match[2] === card.version ? CURRENT_CARD_CACHE_CONTROL : OTHER_CARD_CACHE_CONTROL);
      res.setHeader("ETag", `"${card.version}"`);
      res.setHeader("X-Content-Type-Options", "nosniff");
      if (req.fresh) return void res.status(304).end();
      res.type("image/jpeg").setHeader("Content-Length", String(card.bytes.byteLength));
      if (req.method === "HEAD") return void res.end();
      res.end(card.bytes);
    } catch (error) {
      if (isAppError(error) && (error.code === "NOT_FOUND" || error.code === "GONE")) {
        if (error.code === "GONE") await cards.removeCards(id.toLowerCase()).catch(() => undefined);
        return void res.status(error.status).type("text/plain").send("Not found");
      }
      next(error);
    }
  };
}
