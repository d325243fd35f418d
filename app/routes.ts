import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("signup", "routes/signup.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("create", "routes/create.tsx"),
  route("view", "routes/view-index.tsx"),
  route("view/:id", "routes/view.tsx"),
  route("viewmore", "routes/viewmore.tsx"),
  route("my/listings", "routes/my-listings.tsx"),
  route("my/listings/:id/edit", "routes/edit-listing.tsx"),
  route("seller/:id", "routes/seller.tsx"),
  route("api/suggestions", "routes/api.suggestions.ts"),
  route("my/account", "routes/my-account.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
