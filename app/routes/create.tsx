import { useCallback, useEffect, useRef, useState, type ComponentType, type FormEvent, type RefObject } from "react";
import { data, Form, redirect, useSubmit } from "react-router";
import { CATEGORIES } from "../../core/categories";
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from "../../core/constants";
import { MESSAGES } from "../../core/messages";
import { listingFieldsSchema, listingUploadsSchema, parseWith } from "../../core/schemas";
import { formErrorResponse } from "../../server/http/app-errors";
import { discardBody, readPhotoForm } from "../../server/http/multipart";
import { Alert } from "../components/alert";
import { AuthCard } from "../components/auth-card";
import { LoginForm } from "../components/login-form";
// Type only: the picker itself is loaded lazily, below.
import type { PhotoPickerProps, PhotosBlocker } from "../components/photo-picker";
import { SubmitButton } from "../components/submit-button";
import { TextField } from "../components/text-field";
import type { Route } from "./+types/create";

export const meta: Route.MetaFunction = () => [{ title: "Sell your produce — Mandi" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = await context.currentUser();
  const { config } = context.services;
  return { signedIn: Boolean(user), maxImageBytes: config.maxImageBytes, maxPhotos: config.uploads.maxPhotosPerListing };
}

type SellValues = { name: string; category: string; price: string; description: string };
const EMPTY: SellValues = { name: "", category: "", price: "", description: "" };

export async function action({ request, context }: Route.ActionArgs) {
  const { listings, config } = context.services;
  const user = await context.currentUser();
  if (!user) {
    // The session ended while the form was open: answer once the browser has sent it all.
    await discardBody(request);
    return data({ errors: { form: MESSAGES.mustLogin } as Record<string, string>, values: EMPTY }, { status: 401 });
  }

  let values = EMPTY;
  try {
    const { fields, fieldValues, files, fileError } = await readPhotoForm(request, {
      maxFileBytes: config.maxImageBytes,
      fileField: "image",
      maxFiles: config.uploads.maxPhotosPerListing,
    });
    values = { name: fields.name ?? "", category: fields.category ?? "", price: fields.price ?? "", description: fields.description ?? "" };
    const parsed = parseWith(listingFieldsSchema, fields);
    // With JavaScript the photos arrive beforehand (tus) and the form names them; without, they come with it.
    const uploads = parseWith(listingUploadsSchema, { upload: fieldValues.upload ?? [] });
    // Every problem is reported at once, the photo's too.
    const errors: Record<string, string> = parsed.ok ? {} : { ...(parsed.errors as Record<string, string>) };
    const uploadIds = uploads.ok ? uploads.data.upload : [];
    if (fileError) errors.image = fileError;
    else if (!uploads.ok) errors.image = uploads.errors.upload ?? MESSAGES.choosePhoto;
    else if (!files.length && !uploadIds.length) errors.image = MESSAGES.choosePhoto;
    if (!parsed.ok || errors.image) return data({ errors, values }, { status: fileError ? 413 : 400 });

    if (uploadIds.length) {
      await listings.createListingFromUploads({ actor: user, fields: parsed.data, uploadIds });
    } else {
      await listings.createListing({ actor: user, fields: parsed.data, photos: files.map((file) => ({ bytes: file.bytes, fileName: file.name })) });
    }
  } catch (error) {
    return formErrorResponse(error, values);
  }
  return redirect("/?created=1");
}

/**
 * The photos as a plain file input: what the server renders and what works without JavaScript
 * (up to five photos go with the form). Once PhotoPicker has loaded it takes its place, with any
 * photos already chosen here; if it never loads (offline), this still sends them with the form.
 */
function PlainPhotoField({
  error,
  maxBytes,
  maxPhotos,
  inputRef,
}: {
  error: string | undefined;
  maxBytes: number;
  maxPhotos: number;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  return (
    <div>
      <label htmlFor="image" className="label">
        Photos
      </label>
      <input
        ref={inputRef}
        id="image"
        name="image"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
        multiple
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "image-hint image-error" : "image-hint"}
        className="block w-full text-base file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800"
      />
      <p id="image-hint" className="mt-1 text-sm text-stone-600">
        Up to {maxPhotos} clear photos of your produce (JPEG, PNG or WebP, up to {Math.round(maxBytes / (1024 * 1024))} MB each). The first is the cover.
      </p>
      {error ? (
        <p id="image-error" className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type PhotoPickerComponent = ComponentType<PhotoPickerProps>;

const SEND_WAITING_MESSAGE = "Your form will be sent as soon as your photos have uploaded.";

/**
 * Loads the upload picker in the browser (only on this page), and hands it the photos chosen in
 * the plain field meanwhile: on a slow connection a seller may pick photos before it arrives.
 */
function usePhotoPicker(plainInput: RefObject<HTMLInputElement | null>) {
  const [picker, setPicker] = useState<{ Component: PhotoPickerComponent; initialFiles: File[] } | null>(null);
  useEffect(() => {
    let mounted = true;
    import("../components/photo-picker")
      .then((module) => {
        if (mounted) setPicker({ Component: module.default, initialFiles: Array.from(plainInput.current?.files ?? []) });
      })
      .catch(() => {
        // Offline or the chunk failed: the plain field stays and sends the photos with the form.
      });
    return () => {
      mounted = false;
    };
  }, [plainInput]);
  return picker;
}

/**
 * Submit pressed while photos are still being prepared or uploaded: the form is sent once they
 * are done, exactly once, or the seller is told why it cannot be. The press and the picker's
 * news can arrive in either order, so each side records itself in a ref at once and checks the
 * other's. The deferred send goes through React Router's `submit`, not `form.requestSubmit()`:
 * a browser silently ignores requestSubmit while it is still dispatching the press's own submit
 * event, and React may run the picker's effects just then (that lost sends, issue 16).
 */
function useSendWhenPhotosReady(form: RefObject<HTMLFormElement | null>) {
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
  const showPhotoProblem = useCallback((problem: string) => {
    setMessage(problem);
    form.current?.querySelector<HTMLElement>("#image")?.focus();
  }, [form]);

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

export default function Create({ loaderData, actionData }: Route.ComponentProps) {
  const plainInput = useRef<HTMLInputElement>(null);
  const picker = usePhotoPicker(plainInput);
  const form = useRef<HTMLFormElement>(null);
  const send = useSendWhenPhotosReady(form);
  if (!loaderData.signedIn) {
    return (
      <AuthCard title="Login">
        <div className="mb-4">
          <Alert>{MESSAGES.mustLogin}</Alert>
        </div>
        <LoginForm state={undefined} redirectTo="/create" />
      </AuthCard>
    );
  }
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values = actionData?.values ?? EMPTY;
  return (
    <div className="page max-w-xl py-6">
      <div className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
        <h1 className="mb-4 text-2xl font-bold">Enter Product Details</h1>
        <Form
          method="post"
          encType="multipart/form-data"
          noValidate
          className="space-y-4"
          ref={form}
          onSubmit={send.onSubmit}
        >
          {errors.form ? <Alert>{errors.form}</Alert> : null}
          <TextField label="Name" name="name" required maxLength={MAX_NAME_LENGTH} defaultValue={values.name} error={errors.name} placeholder="e.g. Basmati rice" />
          <div>
            <label htmlFor="category" className="label">
              Category
            </label>
            <select
              id="category"
              name="category"
              required
              defaultValue={values.category}
              aria-invalid={errors.category ? true : undefined}
              aria-describedby={errors.category ? "category-error" : undefined}
              className="input"
            >
              <option value="">Select Category</option>
              {CATEGORIES.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.formLabel}
                </option>
              ))}
            </select>
            {errors.category ? (
              <p id="category-error" className="field-error">
                {errors.category}
              </p>
            ) : null}
          </div>
          <TextField
            label="Price (₹ per kg)"
            name="price"
            inputMode="decimal"
            required
            defaultValue={values.price}
            error={errors.price}
            placeholder="e.g. 45"
          />
          <div>
            <label htmlFor="description" className="label">
              Description
            </label>
            <textarea
              id="description"
              name="description"
              required
              rows={4}
              maxLength={MAX_DESCRIPTION_LENGTH}
              defaultValue={values.description}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? "description-error" : undefined}
              className="input"
              placeholder="Variety, quality, quantity available, where you are"
            />
            {errors.description ? (
              <p id="description-error" className="field-error">
                {errors.description}
              </p>
            ) : null}
          </div>
          {picker ? (
            <picker.Component
              maxPhotos={loaderData.maxPhotos}
              maxBytes={loaderData.maxImageBytes}
              serverError={send.waiting ? SEND_WAITING_MESSAGE : (send.message ?? errors.image)}
              initialFiles={picker.initialFiles}
              onBlockerChange={send.onBlockerChange}
            />
          ) : (
            <PlainPhotoField error={errors.image} maxBytes={loaderData.maxImageBytes} maxPhotos={loaderData.maxPhotos} inputRef={plainInput} />
          )}
          <SubmitButton action="/create" pendingText="Uploading…" waitingText={send.waiting ? "Sending when your photo has uploaded…" : undefined}>
            upload and Submit
          </SubmitButton>
        </Form>
      </div>
    </div>
  );
}
