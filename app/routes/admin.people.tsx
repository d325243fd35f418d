import { Form, Link, redirect, useLocation } from "react-router";
import { z } from "zod";
import { isAdmin } from "../../core/accounts/roles";
import { peopleQuerySchema, personModerationSchema } from "../../core/moderation/moderation-forms";
import { organisationDecisionSchema } from "../../core/accounts/organisation-forms";
import { searchParamsToObject } from "../../core/shared/form-fields";
import { formatPhone } from "../../core/shared/phone";
import { formatShortDate } from "../../core/shared/dates";
import type { PersonRecord } from "../../server/auth/accounts.repository";
import { formErrorResponse, orErrorPage } from "../../server/route-helpers/app-errors";
import { parseForm, postOnly } from "../../server/route-helpers/forms";
import { moderationValues, staffOnly } from "../../server/route-helpers/staff-only";
import { AdminNav } from "../features/moderation/admin-nav";
import { Alert } from "../components/ui/alert";
import { BanForm } from "../features/moderation/ban-form";
import { NoteForm } from "../features/moderation/note-form";
import { LiftPhoneForm } from "../features/moderation/lift-phone-form";
import { SubmitButton } from "../components/ui/submit-button";
import type { Route } from "./+types/admin.people";
import { metaI18n, useI18n } from "../features/i18n/i18n";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaI18n(matches).t("peoplePage.title") }];

const DONE = ["ban", "unban", "role", "lift-phone", "approve-organisation", "refuse-organisation"] as const;
const doneSchema = z.object({
  done: z.preprocess((v) => ((DONE as readonly unknown[]).includes(v) ? v : undefined), z.enum(DONE).optional()),
});

/** Find a person by email (or id, from a listing's page); staff and banned people listed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await staffOnly(context);
  const params = searchParamsToObject(new URL(request.url).searchParams);
  const query = peopleQuerySchema.parse(params);
  const { moderation } = context.services;
  const lookup = query.id ? { id: query.id } : query.email ? { email: query.email } : null;
  const [person, staff, banned, blockedPhones, organisations] = await orErrorPage(() =>
    Promise.all([
      lookup ? moderation.findPerson({ actor: user, person: lookup }) : null,
      moderation.listPeople({ actor: user, which: "staff" }),
      moderation.listPeople({ actor: user, which: "banned" }),
      moderation.listBlockedPhones({ actor: user }),
      // FPO and trader licence numbers waiting for a check (decision 061).
      context.services.organisations.listPending({ actor: user }),
    ]),
  );
  return {
    person,
    searched: Boolean(lookup),
    email: query.email,
    staff,
    banned,
    blockedPhones: blockedPhones.map((blocked) => ({ ...blocked, shown: formatPhone(blocked.phone) })),
    organisations,
    done: doneSchema.parse(params).done,
    admin: isAdmin(user.role),
    me: user.id,
  };
}

/** Every form of the page: the people's (moderation) and the organisation numbers' (decision 061). */
const peopleFormSchema = z.discriminatedUnion("intent", [personModerationSchema, organisationDecisionSchema], {
  error: "Please send the form again from the page.",
});

/**
 * Ban and unban (moderators and admins); make someone a moderator or a person again (admins);
 * approve or refuse a seller's organisation number (moderators and admins).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await staffOnly(context);
  postOnly(request);
  const form = await parseForm(request, peopleFormSchema, (text) => ({
    ...moderationValues(text),
    // Which seller's number a refused decision was about, so its message shows beside it.
    personId: text("personId").slice(0, 64),
  }));
  if (!form.ok) return form.response;
  const { moderation } = context.services;
  const input = form.data;
  if (input.intent === "approve-organisation" || input.intent === "refuse-organisation") {
    try {
      await context.services.organisations.decide({
        actor: user,
        userId: input.personId,
        number: input.number,
        decision: input.intent === "approve-organisation" ? "approve" : "refuse",
        reason: input.intent === "refuse-organisation" ? input.reason : null,
      });
    } catch (error) {
      return formErrorResponse(error, form.values);
    }
    return redirect(`/admin/people?done=${input.intent}`);
  }
  if (input.intent === "lift-phone") {
    try {
      await moderation.liftPhoneBlock({ actor: user, phone: input.phone, reason: input.reason });
    } catch (error) {
      return formErrorResponse(error, form.values);
    }
    return redirect("/admin/people?done=lift-phone");
  }
  try {
    if (input.intent === "ban") await moderation.banPerson({ actor: user, personId: input.personId, reason: input.reason });
    else if (input.intent === "unban") await moderation.unbanPerson({ actor: user, personId: input.personId, note: input.note });
    else await moderation.setRole({ actor: user, person: { id: input.personId }, role: input.role });
  } catch (error) {
    return formErrorResponse(error, form.values);
  }
  return redirect(`/admin/people?id=${encodeURIComponent(input.personId)}&done=${input.intent}`);
}

function PersonLine({ person }: { person: PersonRecord }) {
  const { t } = useI18n();
  return (
    <li className="flex flex-wrap items-center gap-x-2 [overflow-wrap:anywhere]">
      <Link to={`/admin/people?id=${encodeURIComponent(person.id)}`} className="font-semibold underline-offset-4 hover:underline">
        {person.name}
      </Link>
      <span className="text-stone-700">{person.email}</span>
      <span className="text-sm text-stone-600">
        {person.banned ? t("peoplePage.bannedBecause", { reason: person.banReason ?? "" }) : t(`peoplePage.role.${person.role}`)}
      </span>
    </li>
  );
}

export default function People({ loaderData, actionData }: Route.ComponentProps) {
  const { person, searched, email, staff, banned, blockedPhones, organisations, done, admin, me } = loaderData;
  const errors = actionData?.errors ?? {};
  const formError = errors.form ?? errors.intent ?? errors.personId ?? errors.role ?? errors.note;
  const { t, lang } = useI18n();
  // A refused lift shows its message beside the number's own form.
  const lifting = actionData?.values?.intent === "lift-phone" ? actionData.values : null;
  // So does a refused decision on an organisation number.
  const deciding = actionData?.values?.intent?.endsWith("-organisation") ? actionData.values : null;
  const location = useLocation();
  return (
    <div className="page max-w-4xl py-6">
      <h1 className="mb-3 text-2xl font-bold">{t("admin.title")}</h1>
      <AdminNav admin={admin} />
      {done ? <Alert tone="success">{t(`peoplePage.done.${done}`)}</Alert> : null}
      {formError ? <Alert>{formError}</Alert> : null}
      <Form method="get" action="/admin/people" className="mt-3 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="email" className="label">
            {t("peoplePage.find")}
          </label>
          <input id="email" name="email" type="email" defaultValue={email} className="input" autoComplete="off" />
        </div>
        <button type="submit" className="btn-secondary">
          {t("peoplePage.findButton")}
        </button>
      </Form>

      {searched && !person ? (
        <div className="mt-4">
          <Alert tone="info">{t("peoplePage.noOne")}</Alert>
        </div>
      ) : null}
      {person ? (
        <section aria-labelledby="person-heading" className="mt-4 rounded-xl border border-stone-200 bg-white p-4">
          <h2 id="person-heading" className="text-xl font-bold [overflow-wrap:anywhere]">
            {person.name}
          </h2>
          <p className="text-stone-700 [overflow-wrap:anywhere]">{person.email}</p>
          <p className="mt-1">
            {t(person.listings.total === 1 ? "peoplePage.summaryOne" : "peoplePage.summaryMany", {
              role: t(`peoplePage.role.${person.role}`),
              total: person.listings.total,
              hidden: person.listings.hidden,
            })}
          </p>
          {person.banned ? (
            <>
              <p className="mt-2 font-semibold text-red-900 [overflow-wrap:anywhere]">
                {t("peoplePage.banned", { reason: person.banReason ?? "" })}
              </p>
              <NoteForm
                action="/admin/people"
                intent="unban"
                fields={{ personId: person.id }}
                label={t("peoplePage.note")}
                button={t("peoplePage.liftBan")}
                className="mt-3"
              />
            </>
          ) : person.role === "person" ? (
            // Drawn afresh after each send, so a refused one focuses its message (autoFocus acts only as it is drawn).
            <BanForm
              key={location.key}
              personId={person.id}
              name={person.name}
              error={errors.reason}
              reason={actionData?.values?.intent === "ban" ? actionData.values.reason : undefined}
            />
          ) : null}
          {admin && person.role !== "admin" && person.id !== me && !person.banned ? (
            <Form method="post" action="/admin/people" className="mt-4 border-t border-stone-200 pt-4">
              <input type="hidden" name="intent" value="role" />
              <input type="hidden" name="personId" value={person.id} />
              <input type="hidden" name="role" value={person.role === "moderator" ? "person" : "moderator"} />
              <SubmitButton action="/admin/people" intent="role" pendingText={t("admin.saving")} className="btn-secondary">
                {t(person.role === "moderator" ? "peoplePage.removeModerator" : "peoplePage.makeModerator")}
              </SubmitButton>
            </Form>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="organisations-heading" className="mt-6">
        <h2 id="organisations-heading" className="section-title mb-2">
          {t("peoplePage.orgTitle")}
        </h2>
        <p className="mb-2 text-sm text-stone-700">{t("peoplePage.orgHint")}</p>
        {organisations.length ? (
          <ul className="space-y-4">
            {organisations.map((entry) => (
              <li key={entry.userId} className="rounded-lg border border-stone-200 bg-white p-3">
                <p className="[overflow-wrap:anywhere]">
                  <Link
                    to={`/admin/people?id=${encodeURIComponent(entry.userId)}`}
                    className="font-semibold underline-offset-4 hover:underline"
                  >
                    {entry.name}
                  </Link>{" "}
                  <span className="text-stone-700">{entry.email}</span>
                </p>
                <p className="mt-1 [overflow-wrap:anywhere]">
                  {t(entry.kind === "fpo" ? "account.orgFpo" : "account.orgTrader")}: <strong>{entry.number}</strong>{" "}
                  <span className="text-sm text-stone-600">
                    {t("peoplePage.orgSent", { date: formatShortDate(entry.submittedAt, lang) })}
                  </span>
                </p>
                {deciding?.personId === entry.userId && formError === undefined && errors.reason ? <Alert>{errors.reason}</Alert> : null}
                <div className="mt-2 flex flex-wrap items-end gap-3">
                  <Form method="post" action="/admin/people">
                    <input type="hidden" name="intent" value="approve-organisation" />
                    <input type="hidden" name="personId" value={entry.userId} />
                    <input type="hidden" name="number" value={entry.number} />
                    <SubmitButton
                      action="/admin/people"
                      intent="approve-organisation"
                      pendingText={t("admin.saving")}
                      className="btn-primary"
                    >
                      {t("peoplePage.orgApprove")}
                    </SubmitButton>
                  </Form>
                  <Form method="post" action="/admin/people" className="min-w-0 flex-1 space-y-2">
                    <input type="hidden" name="intent" value="refuse-organisation" />
                    <input type="hidden" name="personId" value={entry.userId} />
                    <input type="hidden" name="number" value={entry.number} />
                    <label htmlFor={`refuse-${entry.userId}`} className="label">
                      {t("peoplePage.orgRefuseLabel", { name: entry.name })}
                    </label>
                    <textarea
                      id={`refuse-${entry.userId}`}
                      name="reason"
                      rows={2}
                      maxLength={500}
                      className="input"
                      defaultValue={deciding?.personId === entry.userId ? deciding.reason : undefined}
                    />
                    <SubmitButton
                      action="/admin/people"
                      intent="refuse-organisation"
                      pendingText={t("admin.saving")}
                      className="btn-secondary"
                    >
                      {t("peoplePage.orgRefuse")}
                    </SubmitButton>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-stone-700">{t("peoplePage.orgNone")}</p>
        )}
      </section>

      <section aria-labelledby="staff-heading" className="mt-6">
        <h2 id="staff-heading" className="section-title mb-2">
          {t("peoplePage.staff")}
        </h2>
        <ul className="space-y-1">
          {staff.map((p) => (
            <PersonLine key={p.id} person={p} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="banned-heading" className="mt-6">
        <h2 id="banned-heading" className="section-title mb-2">
          {t("peoplePage.bannedHeading")}
        </h2>
        {banned.length ? (
          <ul className="space-y-1">
            {banned.map((p) => (
              <PersonLine key={p.id} person={p} />
            ))}
          </ul>
        ) : (
          <p className="text-stone-700">{t("peoplePage.nobodyBanned")}</p>
        )}
      </section>
      <section aria-labelledby="phones-heading" className="mt-6">
        <h2 id="phones-heading" className="section-title mb-2">
          {t("peoplePage.blockedPhones")}
        </h2>
        <p className="mb-2 text-sm text-stone-700">{t("peoplePage.blockedPhonesHint")}</p>
        {blockedPhones.length ? (
          <ul className="space-y-4">
            {blockedPhones.map((blocked) => (
              <li key={blocked.phone} className="rounded-lg border border-stone-200 bg-white p-3">
                <p>
                  <span className="font-semibold">{blocked.shown}</span>{" "}
                  <span className="text-sm text-stone-600">
                    {t("peoplePage.blockedOn", { date: formatShortDate(blocked.blockedAt, lang), accounts: blocked.accounts })}
                  </span>
                </p>
                {admin ? (
                  <LiftPhoneForm
                    key={location.key}
                    phone={blocked.phone}
                    shown={blocked.shown}
                    error={lifting?.phone === blocked.phone ? (errors.reason ?? errors.phone) : undefined}
                    reason={lifting?.phone === blocked.phone ? lifting.reason : undefined}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-stone-700">{t("peoplePage.noBlockedPhones")}</p>
        )}
      </section>
    </div>
  );
}
