/**
 * The safety note a buyer reads before the first call or WhatsApp chat of a session (decision
 * 057), and the listing page's safety tips, which say the same three sentences.
 *
 * Call and WhatsApp link to the note's own page (`/view/<id>/contact?via=call`), which works
 * without JavaScript. With JavaScript, `ContactNoteDialog` catches the tap instead: the first of
 * the session opens the note in a modal dialog with the number and the real link; later taps go
 * straight to the real link. The seller's number stays on the page throughout.
 */
import { useEffect, useRef, useState } from "react";
import { contactLink, formatPhone, type ContactVia } from "../../../core/shared/phone";
import { useI18n, type UiKey } from "../i18n/i18n";
import { PhoneIcon } from "../../components/ui/icons";

/** The note's three sentences: before a call, and first among the listing's safety tips. */
const CONTACT_NOTE_KEYS = ["safety.upiPin", "safety.advance", "safety.qr"] as const satisfies readonly UiKey[];
/** Short safety advice for buyers, on every listing's page (decision 014). */
const SAFETY_TIP_KEYS = [...CONTACT_NOTE_KEYS, "safety.meet", "safety.report"] as const satisfies readonly UiKey[];

export function SafetyTips() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="safety-heading" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 id="safety-heading" className="font-bold">
        {t("safety.title")}
      </h2>
      <ul className="mt-2 list-disc space-y-1 ps-5 text-stone-800">
        {SAFETY_TIP_KEYS.map((tip) => (
          <li key={tip}>{t(tip)}</li>
        ))}
      </ul>
    </section>
  );
}

/** The note itself: a heading and the three sentences. */
export function ContactNoteText({ headingId, listId, as: Heading = "h2" }: { headingId: string; listId?: string; as?: "h2" | "h3" }) {
  const { t } = useI18n();
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <Heading id={headingId} className="text-lg font-bold">
        {t("contactNote.title")}
      </Heading>
      <ul id={listId} className="mt-2 list-disc space-y-1 ps-5 text-stone-800">
        {CONTACT_NOTE_KEYS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
    </div>
  );
}

/** The number, and the one real link (tel: or wa.me) built from it. */
export function ContactNoteLink({
  name,
  phone,
  via,
  whatsappText,
  onFollow,
}: {
  name: string;
  phone: string;
  via: ContactVia;
  whatsappText?: string;
  onFollow?: () => void;
}) {
  const { t } = useI18n();
  const shown = formatPhone(phone);
  return (
    <>
      <p className="mt-3 text-stone-700">
        {t("contactNote.number", { name })}:{" "}
        <strong dir="ltr" className="whitespace-nowrap text-stone-900">
          {shown}
        </strong>
      </p>
      <p className="mt-3">
        {via === "call" ? (
          <a href={contactLink("call", phone)} className="btn-primary" onClick={onFollow}>
            <PhoneIcon /> {t("contactNote.call", { phone: shown })}
          </a>
        ) : (
          <a
            href={contactLink("whatsapp", phone, whatsappText)}
            className="btn-primary"
            target="_blank"
            rel="noopener noreferrer"
            onClick={onFollow}
          >
            {t("contactNote.whatsapp")}
          </a>
        )}
      </p>
    </>
  );
}

/** Kept for the tab's session: a note seen once is not shown again until the browser is closed. */
const SEEN_KEY = "mandi:contact-note-seen";
const REAL_LINK = /^(tel:\+91\d{10}|https:\/\/wa\.me\/91\d{10}(\?text=[^"<>]*)?)$/;

function seenThisSession(): boolean {
  try {
    return sessionStorage.getItem(SEEN_KEY) === "1";
  } catch {
    return false;
  }
}

function markSeen(): void {
  try {
    sessionStorage.setItem(SEEN_KEY, "1");
  } catch {
    // Storage refused (a private window's quota): the note shows again next time, no harm.
  }
}

function follow(via: ContactVia, href: string): void {
  if (via === "whatsapp") window.open(href, "_blank", "noopener,noreferrer");
  else window.location.href = href;
}

/**
 * With JavaScript: catches a tap on Call or WhatsApp (`a[data-contact-href]`, which link to the
 * note's page) before the browser follows it, and shows the note in a modal `<dialog>`: focus
 * moves into it, Escape or Close shuts it and focus goes back to the button. Caught in the
 * capture phase, so `IslandLinks` never turns the tap into a navigation to the note's page.
 */
export function ContactNoteDialog({ name, phone, whatsappText }: { name: string; phone: string | null; whatsappText?: string }) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [via, setVia] = useState<ContactVia | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[data-contact-href]") : null;
      if (!link || event.defaultPrevented || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const chosen = link.dataset.contact === "whatsapp" ? "whatsapp" : "call";
      const href = link.dataset.contactHref ?? "";
      // Only our own tel: or wa.me link; anything else is left to the note's page.
      if (!REAL_LINK.test(href)) return;
      event.preventDefault();
      if (seenThisSession()) return follow(chosen, href);
      opener.current = link;
      setVia(chosen);
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

  useEffect(() => {
    const element = dialog.current;
    if (!via || !element || element.open) return;
    element.showModal();
    markSeen();
  }, [via]);

  const close = () => dialog.current?.close();
  return (
    <dialog
      ref={dialog}
      aria-labelledby="contact-note-title"
      aria-describedby="contact-note-text"
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-4 backdrop:bg-stone-900/60"
      onClose={() => {
        setVia(null);
        opener.current?.focus();
      }}
    >
      {via && phone ? (
        <>
          <ContactNoteText headingId="contact-note-title" listId="contact-note-text" />
          <ContactNoteLink name={name} phone={phone} via={via} whatsappText={whatsappText} onFollow={close} />
          <p className="mt-4">
            <button type="button" className="btn-secondary" onClick={close}>
              {t("contactNote.close")}
            </button>
          </p>
        </>
      ) : null}
    </dialog>
  );
}
