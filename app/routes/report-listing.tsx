import { data, Link, redirect } from "react-router";
import { parseWith, reportFormSchema } from "../../core/schemas";
import { formErrorResponse, orErrorPage } from "../../server/http/app-errors";
import { readForm } from "../../server/http/forms";
import { postOnly } from "../../server/http/staff-only";
import { ReportForm } from "../components/report-listing";
import type { Route } from "./+types/report-listing";

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `Report “${data.name}” — Mandi` : "Not found — Mandi" }];

/** The report form on a page of its own: where a refused send comes back to, with its message. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const listing = await orErrorPage(() => context.services.listings.getListing(params.id));
  return { id: listing.id, name: listing.name };
}

/**
 * A report from anyone, signed in or not (signed out, it counts against the address). The
 * answer is the same thanks whether or not this person had reported it before.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  postOnly(request);
  let form: Record<string, FormDataEntryValue>;
  try {
    form = await readForm(request);
  } catch (error) {
    return formErrorResponse(error, {});
  }
  const values = { reason: typeof form.reason === "string" ? form.reason.slice(0, 20) : "", details: typeof form.details === "string" ? form.details.slice(0, 600) : "" };
  const parsed = parseWith(reportFormSchema, form);
  if (!parsed.ok) return data({ errors: parsed.errors as Record<string, string>, values }, { status: 400 });
  const user = await context.currentUser();
  try {
    await context.services.moderation.report({
      listingId: params.id,
      reporter: user ? { userId: user.id } : { address: context.clientAddress },
      reason: parsed.data.reason,
      details: parsed.data.details,
    });
  } catch (error) {
    return formErrorResponse(error, values);
  }
  return redirect(`/view/${encodeURIComponent(params.id.toLowerCase())}?reported=1`);
}

export default function ReportListing({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="page max-w-xl py-6">
      <h1 className="text-2xl font-bold [overflow-wrap:anywhere]">Report “{loaderData.name}”</h1>
      <p className="mt-1 mb-4 text-stone-700">Tell us what is wrong. A moderator will look at it. The seller is never told who reported.</p>
      <ReportForm listingId={loaderData.id} state={actionData} />
      <p className="mt-6">
        <Link to={`/view/${loaderData.id}`} className="underline underline-offset-4">
          Back to the listing
        </Link>
      </p>
    </div>
  );
}
