/**
 * /my/phone: a signed-in person verifies the number on their account with a six-digit code sent
 * by SMS (issue 43, decision 058). Two small forms told apart by `intent` ("send-code",
 * "verify-code"), each working without JavaScript. Reached from the account page and from the
 * sell form (`?from=sell`), to which it returns once the number is verified.
 */
import { Form, Link, redirect, useLocation } from "react-router";
import { MESSAGES } from "../../core/i18n/messages";
import { formatPhone } from "../../core/shared/phone";
import { isoDate, formatShortDate } from "../../core/shared/dates";
import {
  phoneVerificationFormSchema,
  phoneVerificationIntentSchema,
  phoneVerificationQuerySchema,
  type PhoneVerificationIntent,
} from "../../core/accounts/phone-verification-forms";
import { searchParamsToObject } from "../../core/shared/form-fields";
import { currentLanguage } from "../../server/http/request-language";
import { formErrorResponse, refuseForm } from "../../server/route-helpers/app-errors";
import { parseForm } from "../../server/route-helpers/forms";
import { discardBody } from "../../server/route-helpers/multipart";
import { Alert } from "../components/ui/alert";
import { LoginPrompt } from "../features/accounts/login-prompt";
import { SubmitButton } from "../components/ui/submit-button";
import { TextField } from "../components/ui/text-field";
import type { Route } from "./+types/my.phone";
import { metaI18n, useI18n } from "../features/i18n/i18n";

const PATH = "/my/phone";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: t("meta.page", { page: t("phoneVerification.title") }) }];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await context.currentUser();
  if (!user) return { signedIn: false as const };
  const query = phoneVerificationQuerySchema.parse(searchParamsToObject(new URL(request.url).searchParams));
  const status = await context.services.phoneVerification.status(user);
  return { signedIn: true as const, from: query.from ?? null, ...status };
}

interface PhoneValues {
  intent: PhoneVerificationIntent | null;
  from: string;
}

function phoneValues(text: (name: string) => string): PhoneValues {
  const intent = phoneVerificationIntentSchema.safeParse({ intent: text("intent") });
  return { intent: intent.success ? intent.data.intent : null, from: text("from") === "sell" ? "sell" : "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { phoneVerification } = context.services;
  const user = await context.currentUser();
  if (!user) {
    await discardBody(request);
    return refuseForm(
      401,
      { form: MESSAGES.mustLogin },
      phoneValues(() => ""),
    );
  }
  const form = await parseForm(request, phoneVerificationFormSchema, phoneValues);
  if (!form.ok) return form.response;
  const from = form.data.from ? "&from=sell" : "";
  try {
    if (form.data.intent === "send-code") {
      await phoneVerification.sendCode({ actor: user, address: context.clientAddress, language: currentLanguage() });
      return redirect(`${PATH}?sent=1${from}`);
    }
    await phoneVerification.verifyCode({ actor: user, code: form.data.code });
    return redirect(form.data.from ? "/create?phone=verified" : `${PATH}`);
  } catch (error) {
    return formErrorResponse(error, form.values);
  }
}

export default function MyPhone({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const { t, lang } = useI18n();
  if (!loaderData.signedIn) return <LoginPrompt returnTo={`${location.pathname}${location.search}`} />;
  const refused = actionData?.values.intent ?? null;
  const errorsOf = (intent: PhoneVerificationIntent): Record<string, string> => (actionData && refused === intent ? actionData.errors : {});
  const sendErrors = errorsOf("send-code");
  const verifyErrors = errorsOf("verify-code");
  const pageError = actionData && !refused ? (actionData.errors.intent ?? actionData.errors.form) : undefined;
  const phone = formatPhone(loaderData.phone);
  const fromSell = loaderData.from === "sell";
  const hidden = fromSell ? <input type="hidden" name="from" value="sell" /> : null;

  return (
    <div key={location.key} className="page max-w-xl space-y-5 py-6">
      <h1 className="text-2xl font-bold">{t("phoneVerification.title")}</h1>
      {pageError ? <Alert>{pageError}</Alert> : null}
      <section className="space-y-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
        {loaderData.verifiedAt !== null ? (
          <>
            <Alert tone="success">{t("phoneVerification.verified", { phone })}</Alert>
            <p className="text-stone-700">
              <time dateTime={isoDate(loaderData.verifiedAt)}>
                {t("phoneVerification.accountVerified", { date: formatShortDate(loaderData.verifiedAt, lang) })}
              </time>
            </p>
            {fromSell ? (
              <Link to="/create" className="btn-primary inline-block">
                {t("phoneVerification.backToSell")}
              </Link>
            ) : null}
          </>
        ) : !loaderData.available ? (
          <Alert>{t("phoneVerification.unavailable")}</Alert>
        ) : (
          <>
            <p className="text-stone-700">{t("phoneVerification.intro", { phone })}</p>
            {loaderData.codeSent ? (
              <div role="status">
                <Alert tone="success">{t("phoneVerification.sent", { phone })}</Alert>
              </div>
            ) : null}
            {loaderData.codeSent ? (
              <Form method="post" action={`${PATH}${location.search}`} noValidate className="space-y-4">
                <input type="hidden" name="intent" value="verify-code" />
                {hidden}
                {verifyErrors.form ? <Alert>{verifyErrors.form}</Alert> : null}
                <TextField
                  label={t("phoneVerification.code")}
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  required
                  maxLength={12}
                  error={verifyErrors.code}
                  hint={t("phoneVerification.codeHint")}
                  takeFocus={Boolean(verifyErrors.code) || !actionData}
                />
                <SubmitButton action={`${PATH}${location.search}`} intent="verify-code" pendingText={t("phoneVerification.verifying")}>
                  {t("phoneVerification.verify")}
                </SubmitButton>
              </Form>
            ) : null}
            <Form method="post" action={`${PATH}${location.search}`} noValidate className="space-y-3">
              <input type="hidden" name="intent" value="send-code" />
              {hidden}
              {sendErrors.form ? <Alert>{sendErrors.form}</Alert> : null}
              {loaderData.codeSent ? <p className="text-sm text-stone-700">{t("phoneVerification.resendLater")}</p> : null}
              <SubmitButton
                action={`${PATH}${location.search}`}
                intent="send-code"
                pendingText={t("phoneVerification.sending")}
                className={loaderData.codeSent ? "btn-secondary w-full sm:w-auto" : "btn-primary w-full"}
              >
                {t(loaderData.codeSent ? "phoneVerification.sendAgain" : "phoneVerification.send")}
              </SubmitButton>
            </Form>
            <p className="text-sm text-stone-700">
              <Link to="/my/account" className="font-semibold text-brand-700 underline">
                {t("phoneVerification.changeNumber")}
              </Link>
            </p>
          </>
        )}
      </section>
    </div>
  );
}
