/**
 * /my/account: the signed-in person changes their name, phone, the place they sell from
 * (decision 013) or password, makes or revokes a key for the public API (decision 032), or
 * deletes their account (decision 012). Small forms on one page, told apart by an `intent` field; each
 * works without JavaScript. Signed out, the page asks them to log in, as the sell page does.
 */
import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useLocation } from "react-router";
import { formatShortDate, isoDate } from "../../core/shared/dates";
import { MAX_PERSON_NAME_LENGTH, MIN_PASSWORD_LENGTH } from "../../core/shared/constants";
import { MESSAGES } from "../../core/i18n/messages";
import { formatPhone } from "../../core/shared/phone";
import { ORGANISATION_KINDS, ORGANISATION_NUMBER_MAX } from "../../core/accounts/organisation";
import { accountFormSchema, accountIntentSchema, accountPageQuerySchema, type AccountIntent } from "../../core/accounts/account-forms";
import { searchParamsToObject } from "../../core/shared/form-fields";
import { formErrorResponse, refuseForm } from "../../server/route-helpers/app-errors";
import { placeNamesFor } from "../../server/route-helpers/places";
import { parseForm } from "../../server/route-helpers/forms";
import { discardBody } from "../../server/route-helpers/multipart";
import { Alert } from "../components/ui/alert";
import { LoginPrompt } from "../features/accounts/login-prompt";
import { PlaceFields } from "../features/locations/place-fields";
import { SubmitButton } from "../components/ui/submit-button";
import { TextField } from "../components/ui/text-field";
import type { Route } from "./+types/my.account";
import { metaI18n, useI18n } from "../features/i18n/i18n";

const PATH = "/my/account";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: t("meta.page", { page: t("account.title") }) }];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await context.currentUser();
  if (!user) return { signedIn: false as const };
  const { saved } = accountPageQuerySchema.parse(searchParamsToObject(new URL(request.url).searchParams));
  const [place, apiKeys, phoneStatus, organisation] = await Promise.all([
    context.services.listings.defaultPlaceOf(user),
    context.services.apiKeys.list(user),
    context.services.phoneVerification.status(user),
    context.services.organisations.mine(user),
  ]);
  return {
    signedIn: true as const,
    name: user.name,
    email: user.email,
    // Alert email waits for the address to be confirmed (decision 045).
    emailUnconfirmed: context.services.alerts.mailEnabled && !user.emailVerified,
    // API keys are only for a confirmed address (decision 046): where this site sends no mail,
    // none can be confirmed, and the page says so instead of offering a button that cannot work.
    apiKeyWaits: user.emailVerified ? null : context.services.alerts.mailEnabled ? ("unconfirmed" as const) : ("noMail" as const),
    phone: user.phone,
    // A verified number (decision 058): when, or null; the link to verify it otherwise.
    phoneVerifiedAt: phoneStatus.verifiedAt,
    // An FPO registration or trader's licence number and staff's check of it (decision 061).
    organisation,
    place,
    saved,
    placeNames: placeNamesFor(request),
    // Days in UTC: the same on the server and in the browser.
    apiKeys: apiKeys.map((key) => ({ id: key.id, prefix: key.prefix, made: new Date(key.createdAt).toISOString().slice(0, 10) })),
  };
}

/** What the forms show again after a refusal. Passwords are never sent back to the browser. */
interface AccountValues {
  intent: AccountIntent | null;
  name: string;
  phone: string;
  kind: string;
  number: string;
  place: { state: string; district: string; place: string; pin: string };
}

function accountValues(text: (name: string) => string): AccountValues {
  const intent = accountIntentSchema.safeParse({ intent: text("intent") });
  return {
    intent: intent.success ? intent.data.intent : null,
    name: text("name"),
    phone: text("phone"),
    kind: text("kind"),
    number: text("number"),
    place: { state: text("state"), district: text("district"), place: text("place"), pin: text("pin") },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { accounts, accountDeletion, listings } = context.services;
  const user = await context.currentUser();
  if (!user) {
    // The session ended while the page was open (logged out elsewhere, a password change).
    await discardBody(request);
    return refuseForm(
      401,
      { form: MESSAGES.mustLogin },
      accountValues(() => ""),
    );
  }
  const form = await parseForm(request, accountFormSchema, accountValues);
  if (!form.ok) return form.response;
  try {
    const input = form.data;
    switch (input.intent) {
      case "place":
        await listings.saveDefaultPlace({ actor: user, place: input.place });
        return redirect(`${PATH}?saved=place`);
      case "name":
        return redirect(`${PATH}?saved=name`, { headers: await accounts.updateProfile({ name: input.name }, request.headers) });
      case "phone": {
        const headers = await accounts.updateProfile({ phone: input.phone }, request.headers);
        // Changing the number un-verifies it (decision 058); saving the same number keeps it.
        if (input.phone !== user.phone) await context.services.phoneVerification.forgetNumber(user.id);
        return redirect(`${PATH}?saved=phone`, { headers });
      }
      case "password": {
        const headers = await accounts.changePassword(
          { currentPassword: input.currentPassword, newPassword: input.newPassword },
          request.headers,
        );
        return redirect(`${PATH}?saved=password`, { headers });
      }
      case "api-key": {
        // Shown once, in this answer; only its hash is kept (decision 032).
        const made = await context.services.apiKeys.create(user);
        return data({ errors: {} as Record<string, string>, values: form.values, newApiKey: made.key });
      }
      case "organisation":
        await context.services.organisations.submit({ actor: user, kind: input.kind, number: input.number });
        return redirect(`${PATH}?saved=organisation`);
      case "verify-email":
        await accounts.sendVerificationLink(user, request.headers);
        return redirect(`${PATH}?saved=verify-sent`);
      case "api-key-revoke":
        await context.services.apiKeys.revoke(user, input.key);
        return redirect(`${PATH}?saved=api-key-revoked`);
      case "delete": {
        const headers = await accountDeletion.deleteAccount({ actor: user, password: input.password, requestHeaders: request.headers });
        return redirect("/?account=deleted", { headers });
      }
    }
  } catch (error) {
    return formErrorResponse(error, form.values);
  }
}

/** A card with a heading, for one part of the page. */
function Section({
  id,
  title,
  tone = "plain",
  children,
}: {
  id: string;
  title: string;
  tone?: "plain" | "danger";
  children: React.ReactNode;
}) {
  const border = tone === "danger" ? "border-red-300" : "border-stone-200";
  return (
    <section aria-labelledby={id} className={`rounded-xl border ${border} bg-white p-4 shadow-sm sm:p-6`}>
      <h2 id={id} className="section-title mb-3">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One form of the page: posts to /my/account with its intent. */
function AccountForm({ intent, formError, children }: { intent: AccountIntent; formError: string | undefined; children: React.ReactNode }) {
  return (
    <Form method="post" action={PATH} noValidate className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {formError ? <Alert>{formError}</Alert> : null}
      {children}
    </Form>
  );
}

export default function MyAccount({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const status = useRef<HTMLDivElement>(null);
  // A refused send keeps the page's data (no reload after a 4xx), `?saved=` of an earlier change
  // included: that message is not shown again, nor does it take the focus from the refused field.
  const saved = loaderData.signedIn && !actionData ? loaderData.saved : undefined;
  const { t, lang } = useI18n();
  // A change saved: say so where a screen reader (and the keyboard) is taken next.
  useEffect(() => {
    if (saved) status.current?.focus();
  }, [saved, location.key]);

  if (!loaderData.signedIn) {
    return <LoginPrompt returnTo={PATH} />;
  }

  const refusedIntent = actionData?.values.intent ?? null;
  const errorsOf = (intent: AccountIntent): Record<string, string> => (actionData && refusedIntent === intent ? actionData.errors : {});
  // A form that named no intent of ours: the message goes above all four.
  const pageError = actionData && !refusedIntent ? (actionData.errors.intent ?? actionData.errors.form) : undefined;
  const nameErrors = errorsOf("name");
  const phoneErrors = errorsOf("phone");
  const placeErrors = errorsOf("place");
  const passwordErrors = errorsOf("password");
  const deleteErrors = errorsOf("delete");
  const apiKeyErrors = { ...errorsOf("api-key"), ...errorsOf("api-key-revoke") };
  const verifyErrors = errorsOf("verify-email");
  const organisationErrors = errorsOf("organisation");
  const organisation = loaderData.organisation;
  const organisationValues =
    refusedIntent === "organisation" && actionData
      ? { kind: actionData.values.kind, number: actionData.values.number }
      : { kind: organisation?.kind ?? "", number: organisation?.number ?? "" };
  const newApiKey = actionData && "newApiKey" in actionData ? String(actionData.newApiKey) : undefined;
  // The first field refused gets the focus (the `autofocus` attribute works before JavaScript;
  // with it, React focuses the field as the forms are drawn again after the send).
  const focusFirst = (errors: Record<string, string>, name: string) => Boolean(errors[name]) && Object.keys(errors)[0] === name;

  return (
    // Drawn afresh after every send, so password fields never keep what was typed.
    <div key={location.key} className="page max-w-xl space-y-5 py-6">
      <h1 className="text-2xl font-bold">{t("account.title")}</h1>
      {saved ? (
        <div ref={status} tabIndex={-1} className="rounded-lg">
          <Alert tone="success">{t(`account.saved.${saved}`)}</Alert>
        </div>
      ) : null}
      {pageError ? <Alert>{pageError}</Alert> : null}

      <Section id="details-heading" title={t("account.details")}>
        <p className="mb-4 text-stone-700">
          {t("account.logInWith")} <strong className="[overflow-wrap:anywhere]">{loaderData.email}</strong>
          {t("account.detailsSeen")}
        </p>
        <div className="space-y-6">
          <AccountForm intent="name" formError={nameErrors.form}>
            <TextField
              label={t("account.fullName")}
              name="name"
              autoComplete="name"
              required
              maxLength={MAX_PERSON_NAME_LENGTH}
              defaultValue={refusedIntent === "name" ? actionData?.values.name : loaderData.name}
              error={nameErrors.name}
              takeFocus={focusFirst(nameErrors, "name")}
            />
            <SubmitButton action={PATH} intent="name" pendingText={t("account.saving")} className="btn-secondary w-full sm:w-auto">
              {t("account.saveName")}
            </SubmitButton>
          </AccountForm>
          <AccountForm intent="phone" formError={phoneErrors.form}>
            <TextField
              label={t("account.phone")}
              name="phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              required
              defaultValue={refusedIntent === "phone" ? actionData?.values.phone : formatPhone(loaderData.phone).replace(/^\+91 /, "")}
              error={phoneErrors.phone}
              hint={t("signup.phoneHint")}
              takeFocus={focusFirst(phoneErrors, "phone")}
            />
            <SubmitButton action={PATH} intent="phone" pendingText={t("account.saving")} className="btn-secondary w-full sm:w-auto">
              {t("account.savePhone")}
            </SubmitButton>
          </AccountForm>
          <p className="text-stone-700">
            {loaderData.phoneVerifiedAt !== null ? (
              <time dateTime={isoDate(loaderData.phoneVerifiedAt)}>
                {t("phoneVerification.badge")} ·{" "}
                {t("phoneVerification.accountVerified", { date: formatShortDate(loaderData.phoneVerifiedAt, lang) })}
              </time>
            ) : (
              <>
                {t("phoneVerification.accountNotVerified")}{" "}
                <Link to="/my/phone" className="font-semibold text-brand-700 underline">
                  {t("phoneVerification.accountVerify")}
                </Link>
              </>
            )}
          </p>
        </div>
      </Section>

      {loaderData.emailUnconfirmed ? (
        <Section id="email-heading" title={t("account.emailTitle")}>
          <p className="mb-4 text-stone-700 [overflow-wrap:anywhere]">{t("account.emailUnconfirmed", { email: loaderData.email })}</p>
          <AccountForm intent="verify-email" formError={verifyErrors.form}>
            <SubmitButton
              action={PATH}
              intent="verify-email"
              pendingText={t("account.emailSending")}
              className="btn-secondary w-full sm:w-auto"
            >
              {t("account.emailSend")}
            </SubmitButton>
          </AccountForm>
        </Section>
      ) : null}

      <Section id="organisation-heading" title={t("account.orgTitle")}>
        <p className="mb-3 text-stone-700">{t("account.orgIntro")}</p>
        {organisation ? (
          <p className="mb-4 text-stone-700 [overflow-wrap:anywhere]">
            {organisation.status === "approved" ? (
              <>
                <strong>{t(organisation.kind === "fpo" ? "organisation.fpo" : "organisation.trader")}</strong> ·{" "}
                {t("account.orgApproved", { number: organisation.number, date: formatShortDate(organisation.decidedAt ?? 0, lang) })}
              </>
            ) : organisation.status === "pending" ? (
              t("account.orgPending", { number: organisation.number })
            ) : (
              t("account.orgRefused", { number: organisation.number, reason: organisation.refusalReason ?? "" })
            )}
          </p>
        ) : null}
        <AccountForm intent="organisation" formError={organisationErrors.form}>
          <fieldset aria-describedby={organisationErrors.kind ? "organisation-kind-error" : undefined}>
            <legend className="label">{t("account.orgKind")}</legend>
            <div className="mt-1 space-y-1">
              {ORGANISATION_KINDS.map((kind, index) => (
                <label key={kind} className="flex min-h-11 items-center gap-3 rounded-lg px-2 hover:bg-stone-100">
                  <input
                    type="radio"
                    name="kind"
                    value={kind}
                    defaultChecked={organisationValues.kind === kind}
                    className="size-5 accent-brand-700"
                    // eslint-disable-next-line jsx-a11y/no-autofocus -- only back from a refused send, onto its message
                    autoFocus={index === 0 && focusFirst(organisationErrors, "kind")}
                  />
                  {t(kind === "fpo" ? "account.orgFpo" : "account.orgTrader")}
                </label>
              ))}
            </div>
            {organisationErrors.kind ? (
              <p id="organisation-kind-error" className="field-error">
                {organisationErrors.kind}
              </p>
            ) : null}
          </fieldset>
          <TextField
            label={t("account.orgNumber")}
            name="number"
            autoComplete="off"
            spellCheck={false}
            maxLength={ORGANISATION_NUMBER_MAX}
            defaultValue={organisationValues.number}
            error={organisationErrors.number}
            hint={t("account.orgHint")}
            takeFocus={focusFirst(organisationErrors, "number")}
          />
          <SubmitButton action={PATH} intent="organisation" pendingText={t("account.saving")} className="btn-secondary w-full sm:w-auto">
            {t("account.orgSend")}
          </SubmitButton>
        </AccountForm>
      </Section>

      <Section id="place-heading" title={t("account.where")}>
        <p className="mb-4 text-stone-700">{t("account.whereIntro")}</p>
        <AccountForm intent="place" formError={placeErrors.form}>
          <PlaceFields
            values={refusedIntent === "place" && actionData ? actionData.values.place : loaderData.place}
            errors={placeErrors}
            names={loaderData.placeNames}
          />
          <SubmitButton action={PATH} intent="place" pendingText={t("account.saving")} className="btn-secondary w-full sm:w-auto">
            {t("account.savePlace")}
          </SubmitButton>
        </AccountForm>
      </Section>

      <Section id="password-heading" title={t("account.changePassword")}>
        <p className="mb-4 text-stone-700">{t("account.passwordIntro")}</p>
        <AccountForm intent="password" formError={passwordErrors.form}>
          <TextField
            label={t("account.currentPassword")}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            error={passwordErrors.currentPassword}
            takeFocus={focusFirst(passwordErrors, "currentPassword")}
          />
          <TextField
            label={t("account.newPassword")}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            error={passwordErrors.newPassword}
            hint={t("account.passwordHint", { min: MIN_PASSWORD_LENGTH })}
            takeFocus={focusFirst(passwordErrors, "newPassword")}
          />
          <SubmitButton
            action={PATH}
            intent="password"
            pendingText={t("account.changingPassword")}
            className="btn-secondary w-full sm:w-auto"
          >
            {t("account.changePassword")}
          </SubmitButton>
        </AccountForm>
      </Section>

      <Section id="api-key-heading" title={t("account.apiTitle")}>
        <p className="mb-2 text-stone-700">{t("account.apiIntro")}</p>
        <p className="mb-4">
          <a href="/api/v1/docs" className="font-semibold text-brand-700 underline">
            {t("account.apiDocs")}
          </a>
        </p>
        {newApiKey ? (
          <div className="mb-4">
            <Alert tone="success">{t("account.apiKeyMade")}</Alert>
            <p className="mt-2 rounded-lg bg-stone-100 p-3 font-mono text-sm [overflow-wrap:anywhere]">{newApiKey}</p>
          </div>
        ) : null}
        {apiKeyErrors.form || apiKeyErrors.key ? <Alert>{apiKeyErrors.form ?? apiKeyErrors.key}</Alert> : null}
        {loaderData.apiKeys.length ? (
          <ul className="mb-4 space-y-2">
            {loaderData.apiKeys.map((key) => (
              <li key={key.id} className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-mono text-sm [overflow-wrap:anywhere]">
                  {t("account.apiKeyLabel", { prefix: key.prefix, date: key.made })}
                </span>
                <Form method="post" action={PATH} noValidate>
                  <input type="hidden" name="intent" value="api-key-revoke" />
                  <input type="hidden" name="key" value={key.id} />
                  <SubmitButton action={PATH} intent="api-key-revoke" pendingText={t("account.apiRevoking")} className="btn-secondary">
                    {t("account.apiRevoke")}
                  </SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mb-4 text-stone-700">{t("account.apiNone")}</p>
        )}
        {loaderData.apiKeyWaits ? (
          <p className="mb-4 text-stone-700">{t(loaderData.apiKeyWaits === "noMail" ? "account.apiNoMail" : "account.apiUnconfirmed")}</p>
        ) : null}
        {loaderData.apiKeyWaits === "noMail" ? null : (
          <AccountForm intent="api-key" formError={undefined}>
            <SubmitButton action={PATH} intent="api-key" pendingText={t("account.apiCreating")} className="btn-secondary w-full sm:w-auto">
              {t("account.apiCreate")}
            </SubmitButton>
          </AccountForm>
        )}
      </Section>

      <Section id="delete-heading" title={t("account.deleteTitle")} tone="danger">
        <p className="mb-2 text-stone-700">{t("account.deleteWarning")}</p>
        <p className="mb-4 text-stone-700">{t("account.deleteConfirm")}</p>
        <AccountForm intent="delete" formError={deleteErrors.form}>
          <TextField
            label={t("account.yourPassword")}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={deleteErrors.password}
            takeFocus={focusFirst(deleteErrors, "password")}
          />
          <SubmitButton
            action={PATH}
            intent="delete"
            pendingText={t("account.deleting")}
            className="btn w-full bg-red-700 text-white hover:bg-red-800 sm:w-auto"
          >
            {t("account.deleteTitle")}
          </SubmitButton>
        </AccountForm>
      </Section>
    </div>
  );
}
