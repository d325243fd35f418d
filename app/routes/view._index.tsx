import { redirect } from "react-router";

/** /view with no listing selected goes home, as the specification says. */
export function loader() {
  return redirect("/");
}
