import { useEffect, useRef, useSyncExternalStore } from "react";

const noChanges = () => () => {};

/**
 * A refused form's messages at its top, each a link to its field: the GOV.UK error summary
 * (issue 42). A long form's messages are otherwise screens away from the button that was pressed.
 * The fields must carry their names as ids (FieldIdsByName, text-field.tsx).
 *
 * It takes the focus, so the person (and their screen reader) starts from the list: drawn by the
 * server (a form sent before the script ran) by the browser's autofocus; drawn after a form sent
 * by the script, by the script, each time the server refuses it again.
 */
export function ErrorSummary({
  title,
  errors,
  order,
}: {
  title: string;
  /** The refused form's messages by field name, as its action answered them (one object per answer). */
  errors: Record<string, string>;
  /** The fields in the form's order; messages for other names are not listed here. */
  order: readonly string[];
}) {
  const box = useRef<HTMLDivElement>(null);
  // False only while hydrating the server's page, whose autofocus has already placed the focus.
  const drawnHere = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  const arrivedWithPage = useRef(!drawnHere);
  useEffect(() => {
    if (arrivedWithPage.current) {
      arrivedWithPage.current = false;
      return;
    }
    box.current?.focus();
  }, [errors]);
  const listed = order.filter((field) => errors[field]);
  if (!listed.length) return null;
  return (
    <div
      ref={box}
      tabIndex={-1}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- only a refused form draws it: the focus belongs on its messages
      autoFocus
      role="alert"
      aria-labelledby="error-summary-title"
      className="rounded-lg border-2 border-red-700 bg-red-50 px-4 py-3 text-red-900 focus:outline focus:outline-4 focus:outline-offset-2 focus:outline-amber-400"
    >
      <h2 id="error-summary-title" className="text-lg font-bold">
        {title}
      </h2>
      <ul className="mt-2 list-disc space-y-1 ps-5">
        {listed.map((field) => (
          <li key={field}>
            <a href={`#${field}`} className="font-semibold underline underline-offset-2">
              {errors[field]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
