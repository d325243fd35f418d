/**
 * The route *template* a request went to (`/view/:id`, never `/view/123`), for metric labels: the
 * parts Express answers itself by their mount point, pages by React Router's own matching over
 * the build's route table, so the set of values is the set of routes and cannot grow.
 */
import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** Express mounts, checked in order before the pages. */
const MOUNTS: ReadonlyArray<[prefix: string, template: string]> = [
  ["/assets/", "/assets/*"],
  ["/media/", "/media/*"],
  ["/uploads", "/uploads/*"],
  ["/api/auth/", "/api/auth/*"],
  ["/i18n/", "/i18n/*"],
];
const EXACT = new Set(["/healthz", "/readyz"]);

type FlatRoute = NonNullable<ServerBuild["routes"][string]>;

/** The build's flat route list as the tree React Router matches (exported for its test's reference). */
export function treeOf(routes: ServerBuild["routes"]): RouteObject[] {
  const byParent = new Map<string | undefined, FlatRoute[]>();
  for (const route of Object.values(routes) as Array<FlatRoute | undefined>) {
    if (!route) continue;
    byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route]);
  }
  const build = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: build(route.id) },
    );
  return build(undefined);
}

export function routeTemplates(build: ServerBuild | (() => Promise<ServerBuild>)): (path: string) => string {
  let table: { tree: RouteObject[]; words: Set<string> } | undefined;
  const tableOf = (routes: ServerBuild["routes"]) => {
    const tree = treeOf(routes);
    return { tree, words: staticWords(tree) };
  };
  if (typeof build === "function") {
    // Development: the build arrives later; until then pages read as one template.
    void build().then(
      (b) => (table = tableOf(b.routes)),
      () => undefined,
    );
  } else table = tableOf(build.routes);
  // React Router's matchRoutes ranks the table and compiles every route's pattern on each call
  // (0.3 ms a request on this machine, issue 27). Addresses of one shape have one template, so
  // templates are kept by shape, a bounded number of them.
  const byShape = new LRUCache<string, string>({ max: 2_000 });

  return (path) => {
    if (EXACT.has(path)) return path;
    for (const [prefix, template] of MOUNTS) if (path.startsWith(prefix)) return template;
    if (!table) return "/*";
    // React Router's data requests (`/view/1.data`) are the same route.
    const pathname = path.endsWith(".data") ? path.slice(0, -".data".length) || "/" : path;
    const shape = shapeOf(pathname, table.words);
    let template = byShape.get(shape);
    if (template === undefined) {
      const matches = matchRoutes(table.tree, shape);
      template = matches?.length
        ? `/${matches
            .map((match) => match.route.path ?? "")
            .filter(Boolean)
            .join("/")}`.replace(/\/+/g, "/")
        : "/*";
      byShape.set(shape, template);
    }
    return template;
  };
}

/** Stands for a segment that is no route's word: it matches a parameter (`:id`), as that segment does, and no word. */
const ANY = "\u0000";

/** Every fixed segment of the table's paths (`view`, `report`), lower-cased as React Router compares them by default. */
function staticWords(tree: RouteObject[]): Set<string> {
  const words = new Set<string>();
  const visit = (routes: RouteObject[]) => {
    for (const route of routes) {
      for (const segment of (route.path ?? "").split("/"))
        if (segment && !segment.startsWith(":") && segment !== "*") words.add(segment.replace(/\?$/, "").toLowerCase());
      if (route.children) visit(route.children);
    }
  };
  visit(tree);
  return words;
}

/**
 * The address as React Router matches it (its segments decoded as it decodes them), with every
 * segment that is no route's word replaced by ANY: `/view/0b5f…` and `/view/9a1c…` have one shape,
 * and match the same routes, since a parameter takes any segment and a word only itself.
 */
function shapeOf(pathname: string, words: Set<string>): string {
  let segments: string[];
  try {
    segments = pathname.split("/").map((segment) => decodeURIComponent(segment));
  } catch {
    // React Router matches an address it cannot decode as it came.
    segments = pathname.split("/");
  }
  // React Router ignores case in ASCII letters only (the Kelvin sign is no "k" to it).
  return segments
    .map((segment) => (segment === "" || (/^[\x20-\x7e]*$/.test(segment) && words.has(segment.toLowerCase())) ? segment : ANY))
    .join("/");
}
