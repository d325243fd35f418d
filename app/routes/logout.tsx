import { redirect } from "react-router";
import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  const headers = await context.services.accounts.signOut(request.headers);
  return redirect("/login", { headers });
}

export function loader() {
  return redirect("/");
}
