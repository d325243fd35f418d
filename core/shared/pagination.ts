/**
 * Which page links to show: the first, the last and a window around the current page, with gaps
 * between ("1 … 4 5 6 … 120"). Every page is shown when there are few.
 */
export type PageLink = number | "gap";

export function pageLinks(page: number, pageCount: number, radius = 2): PageLink[] {
  if (pageCount <= 0) return [];
  const current = Math.min(Math.max(page, 1), pageCount);
  const pages = new Set<number>([1, pageCount]);
  for (let n = current - radius; n <= current + radius; n++) if (n >= 1 && n <= pageCount) pages.add(n);
  const sorted = [...pages].sort((a, b) => a - b);
  const links: PageLink[] = [];
  for (const n of sorted) {
    const previous = links.at(-1);
    if (typeof previous === "number" && n - previous === 2) links.push(previous + 1);
    else if (typeof previous === "number" && n - previous > 2) links.push("gap");
    links.push(n);
  }
  return links;
}
