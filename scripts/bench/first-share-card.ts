/**
 * `npm run build && npx tsx scripts/bench/first-share-card.ts`
 *
 * How long a fresh demo's first shares wait for their card (issue 42, item 11): seeds a demo
 * market (`npm run seed`), starts the production server, and as soon as it answers, fetches the
 * card of the first four onion listings in English and Hindi, as WhatsApp's crawler would (the
 * page's og:image, `?lang=` as a shared link carries it). A card stored when its listing was
 * saved answers in milliseconds; one drawn on request takes about a second, more on a cold worker.
 */
import { startDemoServer } from "../screenshots/demo-server";

const { app, stop } = await startDemoServer(Number(process.env.PORT ?? 4396));
try {
  const html = await (await fetch(`${app}/viewmore?q=onion`)).text();
  const ids = [...new Set([...html.matchAll(/\/view\/([0-9a-f-]{36})/g)].map((match) => match[1]!))].slice(0, 4);
  for (const id of ids) {
    for (const lang of ["en", "hi"]) {
      const page = await (await fetch(`${app}/view/${id}?lang=${lang}`, { headers: { "user-agent": "WhatsApp/2.23.20.0 A" } })).text();
      const image = /property="og:image" content="([^"]+)"/.exec(page)?.[1];
      if (!image) throw new Error(`no og:image on /view/${id}`);
      const started = performance.now();
      const res = await fetch(image.replace(/^https?:\/\/[^/]+/, app));
      await res.arrayBuffer();
      console.log(`${id.slice(0, 8)} ${lang} ${res.status} ${Math.round(performance.now() - started)} ms`);
    }
  }
} finally {
  stop();
}
