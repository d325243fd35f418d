import { useCallback, useRef, useState, type FormEvent, type RefObject } from "react";
import { useSubmit } from "react-router";
import type { PhotosBlocker } from "../uploads/photo-picker";

export const SEND_WAITING_MESSAGE = "Your form will be sent as soon as your photos have uploaded.";

/**
 * Submit pressed while photos are still being prepared or uploaded: the form is sent once they
 * are done, exactly once, or the seller is told why it cannot be. The press and the picker's
 * news can arrive in either order, so each side records itself in a ref at once and checks the
 * other's. The deferred send goes through React Router's `submit`, not `form.requestSubmit()`:
 * a browser silently ignores requestSubmit while it is still dispatching the press's own submit
 * event, and React may run the picker's effects just then (that lost sends, issue 16).
 */
export function useSendWhenPhotosReady(form: RefObject<HTMLFormElement | null>) {
  const submit = useSubmit();
  // Why the photos are not ready to send (still uploading, say), as the picker last reported.
  const blocker = useRef<PhotosBlocker>(null);
  const waitingRef = useRef(false);
  const [waiting, setWaiting] = useState(false);
  // What the seller was told about their photos when they pressed Submit.
  const [message, setMessage] = useState<string | null>(null);

  const setWaitingTo = useCallback((value: boolean) => {
    waitingRef.current = value;
    setWaiting(value);
  }, []);
  const showPhotoProblem = useCallback(
    (problem: string) => {
      setMessage(problem);
      form.current?.querySelector<HTMLElement>("#image")?.focus();
    },
    [form],
  );

  const onBlockerChange = useCallback(
    (next: PhotosBlocker) => {
      blocker.current = next;
      if (!next) setMessage(null);
      if (!waitingRef.current || next?.kind === "uploading") return;
      setWaitingTo(false);
      if (next) showPhotoProblem(next.message);
      else if (form.current) void submit(form.current, { method: "post", encType: "multipart/form-data" });
    },
    [form, submit, setWaitingTo, showPhotoProblem],
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!blocker.current && !waitingRef.current) return;
    event.preventDefault();
    // Pressed again while waiting: still one send.
    if (waitingRef.current) return;
    if (blocker.current?.kind === "failed") return showPhotoProblem(blocker.current.message);
    setMessage(null);
    setWaitingTo(true);
  };

  return { onSubmit, onBlockerChange, waiting, message };
}
