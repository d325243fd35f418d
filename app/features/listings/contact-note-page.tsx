/**
 * The safety note's own page (decision 057), for a browser without JavaScript: the note, then the
 * seller's number and the one real link; past the address's threshold, "Show number" posted to
 * this same page instead (decision 046).
 */
import type { ReactNode } from "react";
import { contactNoteHref, type ContactVia } from "../../../core/shared/phone";
import { useI18n } from "../i18n/i18n";
import { ContactNoteLink, ContactNoteText } from "./contact-note";
import { ContactActions, SellerNumber } from "./seller-contact";

export function ContactNotePage({
  name,
  phone,
  via,
  whatsappText,
  action,
  refusedForMinutes,
  children,
}: {
  name: string;
  phone: string | null;
  via: ContactVia;
  whatsappText?: string;
  /** The page the note sits beside ("/view/<id>"). */
  action: string;
  refusedForMinutes?: number;
  /** The way back to that page. */
  children: ReactNode;
}) {
  const { t } = useI18n();
  const here = contactNoteHref(action, via);
  return (
    <div className="page max-w-xl py-6">
      <h1 className="mb-4 text-2xl font-bold [overflow-wrap:anywhere]">{t("contactNote.pageTitle", { name })}</h1>
      <ContactNoteText headingId="contact-note-title" />
      <section aria-labelledby="contact-note-number" className="mt-4 rounded-xl border border-stone-200 bg-white p-4">
        <h2 id="contact-note-number" className="text-lg font-bold [overflow-wrap:anywhere]">
          {name}
        </h2>
        {phone ? (
          <div id="seller-contact">
            <ContactNoteLink name={name} phone={phone} via={via} whatsappText={whatsappText} />
          </div>
        ) : (
          <SellerNumber name={name} phone={null} action={here} notePage={here} refusedForMinutes={refusedForMinutes}>
            <ContactActions name={name} phone={null} action={here} notePage={here} className="mt-3 flex flex-wrap gap-2" />
          </SellerNumber>
        )}
      </section>
      <p className="mt-6">{children}</p>
    </div>
  );
}
