/**
 * The sell form's draft (decision 016): what the seller types is kept on this phone
 * (app/features/offline/sell-draft-store.ts) and brought back when the form is opened again, until the listing
 * is sent. Offline, the form says so and is not sent: photos go up resumably and cannot be
 * queued faithfully, so the seller sends it themselves once back online.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigation } from "react-router";
import { draftDiffersFrom, draftOf, draftValues, parseDraft, serializeDraft } from "../../../core/listings/listing-draft";
import type { ListingFormValues } from "../../../core/listings/listing-form";
import { useI18n } from "../i18n/i18n";
import { HANDLES_OFFLINE_ATTRIBUTE } from "../offline/offline";
import { clearSellDraft, readSellDraft, writeSellDraft } from "../offline/sell-draft-store";
import { useOnline, usePageLang } from "../offline/use-connection";

export function useSellDraft({ startValues, refused }: { startValues: ListingFormValues; refused: boolean }) {
  // The values brought back, and a key that remounts the form with them.
  const [restored, setRestored] = useState<ListingFormValues | null>(null);
  const [formKey, setFormKey] = useState(0);
  const online = useOnline();
  const lang = usePageLang();
  // The page's own catalogue carries the draft's words (its `offline` section, decision 060).
  const { t } = useI18n();
  // Submit was pressed offline; forgotten once the network is back.
  const [notSentOffline, setNotSentOffline] = useState(false);
  const notSent = notSentOffline && !online;
  const wrapper = useRef<HTMLDivElement>(null);

  const save = (form: HTMLFormElement | null | undefined) => {
    if (!form) return;
    const draft = draftOf(new FormData(form), Date.now());
    if (draftDiffersFrom(draft, startValues)) writeSellDraft(serializeDraft(draft));
    else clearSellDraft();
  };

  // Once, after hydration (the first render matches the server's): bring the draft back. A
  // refused form shows what the server got back instead. So does a form the seller has typed
  // into before the scripts ran (a slow phone shows it well before): what they type now is what
  // they mean, and bringing back an older draft would put it in its place. It becomes the draft.
  useEffect(() => {
    if (refused) return;
    const form = wrapper.current?.querySelector("form");
    if (form && typedInto(form)) return save(form);
    const draft = parseDraft(readSellDraft(), Date.now());
    if (!draft || !draftDiffersFrom(draft, startValues)) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- localStorage is read after hydration on purpose
    setRestored(draftValues(draft));
    setFormKey((key) => key + 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per visit to the form
  }, []);

  // Sent and accepted: the action redirected away from the form.
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state !== "loading" || !navigation.formAction) return;
    const sentTo = new URL(navigation.formAction, window.location.href).pathname;
    if (sentTo === "/create" && navigation.location.pathname !== "/create") clearSellDraft();
  }, [navigation]);

  return {
    formKey,
    restored,
    offline: !online,
    notSent,
    messages:
      lang === null
        ? null
        : {
            note: t("offline.sellDraft.note"),
            restored: t("offline.sellDraft.restored"),
            startAgain: t("offline.sellDraft.startAgain"),
            offline: t("offline.sellDraft.offline"),
            notSent: t("offline.sellDraft.notSent"),
          },
    /** For the form's wrapper: every change, and the send itself. */
    wrapperProps: {
      ref: wrapper,
      [HANDLES_OFFLINE_ATTRIBUTE]: "",
      onInput: (event: FormEvent) => save((event.target as HTMLInputElement).form),
      onChange: (event: FormEvent) => save((event.target as HTMLInputElement).form),
      onSubmitCapture: (event: FormEvent<HTMLElement>) => {
        if (event.target instanceof HTMLFormElement) save(event.target);
        if (navigator.onLine) return;
        // Kept, not sent: stop here, before the form (or its photo wait) sees the press.
        event.preventDefault();
        event.stopPropagation();
        setNotSentOffline(true);
      },
    },
    startAgain: () => {
      clearSellDraft();
      setRestored(null);
      setFormKey((key) => key + 1);
    },
  };
}

export type SellDraft = ReturnType<typeof useSellDraft>;

/** Under the form's heading: that typing is kept, that it was brought back, and that it is not sent offline. */
export function SellDraftNotes({ draft }: { draft: SellDraft }) {
  const { messages } = draft;
  if (!messages) return null;
  return (
    <div className="mb-4 space-y-2">
      <p className="text-sm text-stone-600">{messages.note}</p>
      {draft.notSent ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 font-semibold text-stone-900">
          {messages.notSent}
        </p>
      ) : draft.offline || draft.restored ? (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-stone-900">
          {draft.offline ? <p className="font-semibold">{messages.offline}</p> : null}
          {draft.restored ? (
            <p className="flex flex-wrap items-center gap-x-3">
              <span>{messages.restored}</span>
              <button
                type="button"
                onClick={draft.startAgain}
                className="min-h-11 font-semibold text-brand-700 underline underline-offset-4"
              >
                {messages.startAgain}
              </button>
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** Whether a text field of the form holds other than what the page came with: typed into. */
function typedInto(form: HTMLFormElement): boolean {
  return Array.from(form.elements).some(
    (field) =>
      (field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && TYPED.has(field.type))) &&
      field.value !== field.defaultValue,
  );
}
const TYPED = new Set(["text", "search", "tel", "number", "email", "url", "date"]);
