/**
 * The route *template* a request went to (`/view/:id`, never `/view/123`), for metric labels: the
 * parts Express answers itself by their mount point, pages by React Router's own matching over
 * the build's route table, so the set of values is the set of routes and cannot grow.
 */
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

function treeOf(routes: ServerBuild["routes"]): RouteObject[] {
  const byParent = new Map<string | undefined, FlatRoute[]>();
  for (const route of Object.values(routes) as Array<FlatRoute | undefined>) {
    if (!route) continue;
    byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route]);
  }
  const build = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index ? { id: route.id, index: true, path: route.path } : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: build(route.id) },
    );
  return build(undefined);
}

export function routeTemplates(build: ServerBuild | (() => Promise<ServerBuild>)): (path: string) => string {
  let tree: RouteObject[] | undefined;
  if (typeof build === "function") {
    // Development: the build arrives later; until then pages read as one template.
    void build().then((b) => (tree = treeOf(b.routes)), () => undefined);
  } else tree = treeOf(build.routes);

  return (path) => {
    if (EXACT.has(path)) return path;
    for (const [prefix, template] of MOUNTS) if (path.startsWith(prefix)) return template;
    if (!tree) return "/*";
    // React Router's data requests (`/view/1.data`) are the same route.
    const pathname = path.endsWith(".data") ? path.slice(0, -".data".length) || "/" : path;
    const matches = matchRoutes(tree, pathname);
    if (!matches?.length) return "/*";
    const joined = matches.map((match) => match.route.path ?? "").filter(Boolean).join("/");
    return `/${joined}`.replace(/\/+/g, "/");
  };
}
