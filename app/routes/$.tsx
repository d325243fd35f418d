import { data } from "react-router";
import { inPageLanguage } from "../../server/route-helpers/app-errors";

export function loader() {
  throw data(inPageLanguage("We could not find that page."), { status: 404 });
}

export default function NotFound() {
  return null;
}
