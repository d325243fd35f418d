import { beforeAll, describe, expect, it, vi } from "vitest";
import { matchRoutes, type ServerBuild } from "react-router";
import appRoutes from "../../app/routes";
import { routeTemplates, treeOf } from "../../server/metrics/route-template";

interface ConfigEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: ConfigEntry[];
}

/** The app's own route table, as the build lists it: every route under the root layout. */
function buildRoutes(entries: ConfigEntry[]): ServerBuild["routes"] {
  const routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean }> = { root: { id: "root", path: "" } };
  const add = (list: ConfigEntry[], parentId: string) => {
    for (const entry of list) {
      const id = entry.file.replace(/\.tsx?$/, "");
      routes[id] = { id, parentId, path: entry.path, index: entry.index };
      if (entry.children) add(entry.children, id);
    }
  };
  add(entries, "root");
  return routes as unknown as ServerBuild["routes"];
}

const routes = buildRoutes(appRoutes as ConfigEntry[]);

const tree = treeOf(routes);

/** What React Router itself says, uncached: the answer every address must get. */
function reference(path: string): string {
  const pathname = path.endsWith(".data") ? path.slice(0, -".data".length) || "/" : path;
  const matches = matchRoutes(tree, pathname);
  return matches?.length
    ? `/${matches
        .map((match) => match.route.path ?? "")
        .filter(Boolean)
        .join("/")}`.replace(/\/+/g, "/")
    : "/*";
}

describe("route templates, kept by the address's shape", () => {
  // React Router warns on the console of every address it cannot decode (its own development build's
  // words); what it answers is what is tested.
  beforeAll(() => void vi.spyOn(console, "warn").mockImplementation(() => undefined));

  it("names each page by its template", () => {
    const templateOf = routeTemplates({ routes } as ServerBuild);
    expect(templateOf("/")).toBe("/");
    expect(templateOf("/view/0b5f6932-77b6-41d9-977a-e6f930557f1a")).toBe("/view/:id");
    expect(templateOf("/view/03928571-5b25-4874-84c3-4b1d1369b73a.data")).toBe("/view/:id");
    expect(templateOf("/view/03928571/report")).toBe("/view/:id/report");
    expect(templateOf("/seller/0hZsV9So5pWPK4pM5Oq7795oVTKl0O5Q")).toBe("/seller/:id");
    expect(templateOf("/my/listings/abc/edit")).toBe("/my/listings/:id/edit");
    expect(templateOf("/healthz")).toBe("/healthz");
    expect(templateOf("/media/photos/a.webp")).toBe("/media/*");
  });

  it("answers every address as React Router's own matching does, in any order of asking", () => {
    const templateOf = routeTemplates({ routes } as ServerBuild);
    const words = [
      "view",
      "VIEW",
      "View",
      "report",
      "my",
      "listings",
      "edit",
      "seller",
      "prices",
      "onion",
      "api",
      "suggestions",
      "admin",
      "new",
      "alerts",
      "push",
      "viewmore",
      "%76iew",
      "%ZZ",
      "%2F",
      "new%2Fx",
      ".",
      "..",
      "",
      "प्याज़",
      "\u200d",
      "data",
      "x.data",
      "%00",
      "ｖｉｅｗ",
    ];
    const paths = new Set<string>();
    // Every address of up to three segments from these words, and some longer.
    for (const a of words) {
      paths.add(`/${a}`);
      for (const b of words) {
        paths.add(`/${a}/${b}`);
        for (const c of words.slice(0, 6)) paths.add(`/${a}/${b}/${c}`);
      }
    }
    for (const extra of ["/view/1/report/extra/more", "//view//1", "/my/listings/1/edit/", "/view/1.data", "/.data", "/my/alerts/new.data"])
      paths.add(extra);
    const ordered = [...paths];
    // Twice, the second time in reverse: an answer kept for one address must be right for the next of its shape.
    for (const path of [...ordered, ...ordered.reverse()]) expect(templateOf(path), path).toBe(reference(path));
    // About 12,000 addresses, each matched by React Router too: 35 s at load 10 on this 2-core
    // machine once issue 42's routes were added (2026-12-06), past the 20 s default.
  }, 90_000);

  it("answers thousands of hostile shapes, more than it keeps, and still knows a page after them", () => {
    const templateOf = routeTemplates({ routes } as ServerBuild);
    // 5,000 shapes (13 segments, each a route's word or not), more than the 2,000 kept: each still
    // gets React Router's answer.
    for (let n = 0; n < 5_000; n++) {
      const path = `/${Array.from({ length: 13 }, (_, bit) => ((n >> bit) & 1 ? "view" : `x${n}`)).join("/")}`;
      expect(templateOf(path), path).toBe(reference(path));
    }
    expect(templateOf("/view/0b5f6932-77b6-41d9-977a-e6f930557f1a")).toBe("/view/:id");
  });
});
