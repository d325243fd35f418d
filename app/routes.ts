import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/_index.tsx"),
  route("signup", "routes/signup.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  // "Forgot password?" and where its mail's link lands (decision 052).
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("create", "routes/create.tsx"),
  route("view", "routes/view._index.tsx"),
  route("view/:id", "routes/view.$id.tsx"),
  route("view/:id/report", "routes/view.$id.report.tsx"),
  // The safety note before a first call or chat, without JavaScript (decision 057).
  route("view/:id/contact", "routes/view.$id.contact.tsx"),
  route("viewmore", "routes/viewmore.tsx"),
  route("my/listings", "routes/my.listings.tsx"),
  route("my/listings/:id/edit", "routes/my.listings.$id.edit.tsx"),
  route("seller/:id", "routes/seller.$id.tsx"),
  route("seller/:id/contact", "routes/seller.$id.contact.tsx"),
  route("prices", "routes/prices._index.tsx"),
  route("prices/:produce", "routes/prices.$produce.tsx"),
  // Every market's mandi rate for a produce in a district on a day (decision 050).
  route("prices/:produce/markets/:state/:district", "routes/prices.$produce.markets.$state.$district.tsx"),
  // The footer's terms of use and privacy (issue 42).
  route("terms", "routes/terms.tsx"),
  route("api/suggestions", "routes/api.suggestions.ts"),
  route("api/price-insight", "routes/api.price-insight.ts"),
  // The sell form's government mandi rate as the seller chooses (decision 021).
  route("api/mandi-rate", "routes/api.mandi-rate.ts"),
  // The header's language switch (decision 015): sets the `lang` cookie and goes back.
  route("language", "routes/language.tsx"),
  route("my/account", "routes/my.account.tsx"),
  route("my/phone", "routes/my.phone.tsx"),
  // Saved searches and their alerts (decision 022).
  route("my/alerts", "routes/my.alerts._index.tsx"),
  route("my/alerts/new", "routes/my.alerts.new.tsx"),
  route("my/alerts/push", "routes/my.alerts.push.tsx"),
  // The back office (decision 014): 404 to anyone but moderators and admins.
  route("admin", "routes/admin._index.tsx"),
  route("admin/listings/:id", "routes/admin.listings.$id.tsx"),
  route("admin/people", "routes/admin.people.tsx"),
  route("admin/audit", "routes/admin.audit.tsx"),
  route("admin/jobs", "routes/admin.jobs.tsx"),
  // Saved listings: the list, and every heart's form (decision 023).
  route("my/saved", "routes/my.saved.tsx"),
  route("*", "routes/$.tsx"),
] satisfies RouteConfig;
