import { Form, Link, useLocation } from "react-router";
import { CatalogueSearchForm, ProductSearchBox } from "./product-search-box";
import { useSignedInUser } from "./use-signed-in-user";

export function SiteHeader() {
  const user = useSignedInUser();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const onResults = location.pathname === "/viewmore";
  const q = onResults ? (params.get("q") ?? "") : "";
  const byName = params.get("by") === "name";

  return (
    <header className="border-b border-brand-800 bg-brand-700 text-white">
      <div className="page flex flex-col gap-2 py-2">
        <div className="flex min-h-12 items-center gap-2">
          <Link to="/" className="mr-auto shrink-0 rounded text-xl font-extrabold tracking-tight sm:text-2xl" aria-label="Mandi home">
            Mandi<span className="text-saffron-500">.</span>
          </Link>
          <nav aria-label="Account" className="flex min-w-0 items-center gap-0.5 sm:gap-2">
            <Link
              // A seller's own things start from their name: My listings (which links to My account).
              to={user ? "/my/listings" : "/login"}
              className="min-w-0 max-w-28 truncate rounded px-1.5 py-2 font-semibold underline-offset-4 hover:underline sm:max-w-60 sm:px-2"
              aria-label={user ? `Signed in as ${user.name}: my listings` : undefined}
            >
              {user ? user.name : "Login"}
            </Link>
            {user ? (
              <Form method="post" action="/logout">
                <button type="submit" className="rounded px-1.5 py-2 font-semibold underline-offset-4 hover:underline sm:px-2">
                  Logout
                </button>
              </Form>
            ) : null}
            <Link to="/create" className="btn shrink-0 bg-saffron-500 px-3 text-stone-950 hover:bg-amber-400 sm:px-4">
              Sell
            </Link>
          </nav>
        </div>
        <div className="grid gap-2 pb-1 md:grid-cols-2">
          <ProductSearchBox key={`name:${location.key}`} initialQuery={byName ? q : ""} />
          <CatalogueSearchForm key={`any:${location.key}`} initialQuery={byName ? "" : q} />
        </div>
      </div>
    </header>
  );
}
