/** An in-page message that screen readers announce (the spec's alerts, without window.alert). */
export function Alert({
  tone = "error",
  children,
  id,
  lang,
}: {
  tone?: "error" | "info" | "success";
  children: React.ReactNode;
  id?: string;
  /** For words in another language than the page's (the specification's English messages on a Hindi page). */
  lang?: string;
}) {
  const styles = {
    error: "border-red-300 bg-red-50 text-red-900",
    info: "border-amber-300 bg-amber-50 text-amber-950",
    success: "border-brand-600/40 bg-brand-50 text-brand-800",
  }[tone];
  return (
    <div id={id} lang={lang} role={tone === "success" ? "status" : "alert"} className={`rounded-lg border px-4 py-3 text-base ${styles}`}>
      {children}
    </div>
  );
}
