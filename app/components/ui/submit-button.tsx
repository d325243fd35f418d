import { useNavigation } from "react-router";
import { Spinner } from "./icons";

/** A submit button that shows a loader while its form is being sent. */
export function SubmitButton({
  children,
  pendingText,
  waitingText,
  action,
  intent,
  className = "btn-primary w-full",
}: {
  children: React.ReactNode;
  pendingText: string;
  /** Set while the form waits to be sent (for photos to upload, say): shown as busy, like pending. */
  waitingText?: string;
  /** The form's action path, so only this form's submission shows the loader. */
  action: string;
  /** Where several forms share one action (told apart by an `intent` field): this form's intent. */
  intent?: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    navigation.formAction?.split("?")[0] === action &&
    (intent === undefined || navigation.formData?.get("intent") === intent);
  const busyText = pending ? pendingText : waitingText;
  return (
    // Waiting stays pressable (pressing again changes nothing); only a send in flight disables it.
    <button type="submit" className={className} disabled={pending} aria-busy={Boolean(busyText)}>
      {busyText ? (
        <>
          <Spinner /> {busyText}
        </>
      ) : (
        children
      )}
    </button>
  );
}
