import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import { expiryText, formatShortDate, isoDate } from "../../core/shared/dates";
import { imageUrl } from "../../core/uploads/images";
import type { ListingStatus, OwnListingSummary } from "../../core/listings/listing";
import { isStaff } from "../../core/accounts/roles";
import { loginPath } from "../../core/shared/redirects";
import { pageNumber, searchParamsToObject } from "../../core/shared/form-fields";
import { inPageLanguage, orErrorPage } from "../../server/route-helpers/app-errors";
import { parseForm } from "../../server/route-helpers/forms";
import { Alert } from "../components/ui/alert";
import { Pagination } from "../components/ui/pagination";
import { priceText } from "../components/ui/price";
import type { Route } from "./+types/my.listings";
import { metaI18n, useI18n, type UiKey } from "../features/i18n/i18n";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: t("meta.page", { page: t("mine.title") }) }];
};

const INTENTS = ["sold", "available", "renew", "delete", "review"] as const;
type Intent = (typeof INTENTS)[number];

const pageQuerySchema = z.object({
  page: pageNumber,
  done: z.preprocess((v) => ((INTENTS as readonly unknown[]).includes(v) ? v : undefined), z.enum(INTENTS).optional()),
  saved: z.preprocess((v) => (v ? "1" : undefined), z.string().optional()),
  /** The listing whose Delete was pressed: the page asks to confirm (works without JavaScript). */
  delete: z.preprocess((v) => (typeof v === "string" && /^[0-9a-f-]{36}$/i.test(v) ? v.toLowerCase() : undefined), z.string().optional()),
});

const actionSchema = z.object({
  intent: z.enum(INTENTS, "Please choose what to do with the listing."),
  id: z.string().regex(/^[0-9a-f-]{36}$/i, "We could not find that listing among yours."),
  page: z.preprocess((v) => (typeof v === "string" && /^\d{1,6}$/.test(v) ? Number(v) : 1), z.number().int().min(1)),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await context.currentUser();
  const url = new URL(request.url);
  if (!user) throw redirect(loginPath(url.pathname));
  const query = pageQuerySchema.parse(searchParamsToObject(url.searchParams));
  const { listings } = context.services;
  const page = await listings.listOwnListings({ actor: user, page: query.page });
  // The listing to confirm deleting must be theirs (anyone else's id reads as not found).
  const confirming = query.delete ? await orErrorPage(() => listings.getOwnListing({ actor: user, id: query.delete! })) : null;
  return {
    ...page,
    // A reason the system wrote (hidden by reports, a banned seller) in the page's language; a moderator's own words as written.
    items: page.items.map((item) =>
      item.moderation?.reason ? { ...item, moderation: { ...item.moderation, reason: inPageLanguage(item.moderation.reason) } } : item,
    ),
    done: query.done,
    saved: Boolean(query.saved),
    confirming: confirming && { id: confirming.id, name: confirming.name },
    now: Date.now(),
    staff: isStaff(user.role),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await context.currentUser();
  if (!user) throw redirect(loginPath("/my/listings"));
  // Each button sends only hidden fields: nothing to show again.
  const form = await parseForm(request, actionSchema, () => ({}));
  if (!form.ok) return form.response;
  const { intent, id, page } = form.data;
  const { listings } = context.services;
  const input = { actor: user, id };
  await orErrorPage(() => {
    switch (intent) {
      case "sold":
        return listings.markSold(input);
      case "available":
        return listings.markAvailable(input);
      case "renew":
        return listings.renewListing(input);
      case "delete":
        return listings.deleteListing(input);
      case "review":
        return context.services.moderation.requestReview({ actor: user, listingId: id });
    }
  });
  return redirect(`/my/listings?page=${page}&done=${intent}`);
}

const STATUS_CLASSES: Record<ListingStatus, string> = {
  active: "bg-brand-50 text-brand-800",
  sold: "bg-stone-200 text-stone-800",
  expired: "bg-amber-100 text-amber-900",
  hidden: "bg-red-100 text-red-900",
};

/** Why moderation hid the listing, and the one "ask for review" (decision 014). */
function ModerationNote({ listing, page }: { listing: OwnListingSummary; page: number }) {
  const { moderation } = listing;
  const { lang, t } = useI18n();
  if (!moderation) return null;
  return (
    <div className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm">
      <p className="[overflow-wrap:anywhere]">
        <span className="font-semibold">{t("mine.buyersCannotSee")}</span>
        {moderation.reason ?? t("mine.moderatorHid")}
      </p>
      {/* A ban's or a blocked number's hiding is lifted by staff, not by a review; a held listing is already waiting for one;
          a listing waiting for the phone goes live once the phone is verified (decision 061). */}
      {moderation.cause === "ban" || moderation.cause === "phone" ? null : moderation.cause === "unverified" ? (
        <p className="mt-2">
          <Link to="/my/phone" className="font-semibold text-brand-700 underline">
            {t("phoneVerification.accountVerify")}
          </Link>
        </p>
      ) : moderation.cause === "held" ? (
        <p className="mt-1 text-stone-700">{t("mine.heldWaiting")}</p>
      ) : moderation.reviewRequestedAt !== null ? (
        <p className="mt-1 text-stone-700">
          {t("mine.reviewAskedOn")}{" "}
          <time dateTime={isoDate(moderation.reviewRequestedAt)}>{formatShortDate(moderation.reviewRequestedAt, lang)}</time>
          {t("mine.reviewWillLook")}
        </p>
      ) : (
        <div className="mt-2">
          <p className="mb-2 text-stone-700">{t("mine.reviewHint")}</p>
          <ActionButton
            intent="review"
            id={listing.id}
            page={page}
            label={t("mine.named", { what: t("mine.askReview"), name: listing.name })}
          >
            {t("mine.askReview")}
          </ActionButton>
        </div>
      )}
    </div>
  );
}

function ActionButton({
  intent,
  id,
  page,
  children,
  label,
}: {
  intent: Intent;
  id: string;
  page: number;
  children: string;
  label: string;
}) {
  return (
    <Form method="post" action="/my/listings">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="page" value={page} />
      <button type="submit" className="btn-secondary" aria-label={label}>
        {children}
      </button>
    </Form>
  );
}

function OwnListing({ listing, page, now }: { listing: OwnListingSummary; page: number; now: number }) {
  const i18n = useI18n();
  const { lang, t } = i18n;
  const named = (what: UiKey) => t("mine.named", { what: t(what), name: listing.name });
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-3 shadow-sm">
      <div className="flex gap-3">
        <img src={imageUrl(listing.imageKey, 320)} alt="" width={96} height={72} className="h-18 w-24 shrink-0 rounded object-cover" />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold [overflow-wrap:anywhere]">
            <Link to={`/view/${listing.id}`} className="hover:underline">
              {listing.name}
            </Link>
          </h2>
          <p className="text-brand-800">{priceText(listing, i18n)}</p>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-700">
            <span className={`rounded px-2 py-0.5 font-semibold ${STATUS_CLASSES[listing.status]}`}>
              {listing.moderation?.cause === "unverified" ? t("listing.waitingForPhone") : t(`mine.status.${listing.status}`)}
            </span>
            <span>
              {t("mine.listed")} <time dateTime={isoDate(listing.createdAt)}>{formatShortDate(listing.createdAt, lang)}</time>
            </span>
            {listing.status === "active" || listing.status === "expired" ? <span>{expiryText(listing.expiresAt, now, i18n)}</span> : null}
          </p>
        </div>
      </div>
      <ModerationNote listing={listing} page={page} />
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={`/my/listings/${listing.id}/edit`} className="btn-secondary" aria-label={named("mine.edit")}>
          {t("mine.edit")}
        </Link>
        {listing.status === "sold" ? (
          <ActionButton intent="available" id={listing.id} page={page} label={named("mine.availableAgain")}>
            {t("mine.availableAgain")}
          </ActionButton>
        ) : (
          <ActionButton intent="sold" id={listing.id} page={page} label={named("mine.markSold")}>
            {t("mine.markSold")}
          </ActionButton>
        )}
        {/* A sold listing has nothing to renew (issue 42): "Available again" comes first. */}
        {listing.status === "sold" ? null : (
          <ActionButton intent="renew" id={listing.id} page={page} label={named("mine.renew")}>
            {t("mine.renew")}
          </ActionButton>
        )}
        <Link to={`/my/listings?page=${page}&delete=${listing.id}`} className="btn-secondary" aria-label={named("mine.delete")}>
          {t("mine.delete")}
        </Link>
      </div>
    </li>
  );
}

export default function MyListings({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pageCount, done, saved, confirming, now, staff } = loaderData;
  // A refused button: its first message (the buttons' fields are hidden, so one says it all).
  const { t } = useI18n();
  const actionError = actionData ? (Object.values(actionData.errors)[0] ?? t("mine.notYours")) : undefined;
  return (
    <div className="page max-w-3xl py-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("mine.title")}</h1>
        <div className="flex flex-wrap gap-2">
          {staff ? (
            <Link to="/admin" className="btn-secondary">
              {t("mine.backOffice")}
            </Link>
          ) : null}
          <Link to="/my/account" className="btn-secondary">
            {t("mine.myAccount")}
          </Link>
          <Link to="/create" className="btn-primary">
            {t("mine.sellNew")}
          </Link>
        </div>
      </div>
      {actionError ? <Alert>{actionError}</Alert> : null}
      {done ? <Alert tone="success">{t(`mine.done.${done}`)}</Alert> : null}
      {saved ? <Alert tone="success">{t("mine.saved")}</Alert> : null}
      {confirming ? (
        <section aria-labelledby="confirm-heading" className="mb-4 rounded-xl border-2 border-red-300 bg-red-50 p-4">
          <h2 id="confirm-heading" className="font-bold [overflow-wrap:anywhere]">
            {t("mine.confirmDelete", { name: confirming.name })}
          </h2>
          <p className="mt-1">{t("mine.confirmText")}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Form method="post" action="/my/listings">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={confirming.id} />
              <input type="hidden" name="page" value={page} />
              {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the question the person just asked for */}
              <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800" autoFocus>
                {t("mine.yesDelete")}
              </button>
            </Form>
            <Link to={`/my/listings?page=${page}`} className="btn-secondary">
              {t("mine.noKeep")}
            </Link>
          </div>
        </section>
      ) : null}
      {total ? (
        <>
          <p className="mb-3 text-stone-700">{t(total === 1 ? "mine.countOne" : "mine.countMany", { count: total })}</p>
          <ul aria-label={t("mine.title")} className="space-y-3">
            {items.map((listing) => (
              <OwnListing key={listing.id} listing={listing} page={page} now={now} />
            ))}
          </ul>
          <Pagination page={page} pageCount={pageCount} search={new URLSearchParams()} />
        </>
      ) : (
        <Alert tone="info">{t("mine.none")}</Alert>
      )}
    </div>
  );
}
