/**
 * An error under a form, announced as soon as it appears: the live region is always in the
 * page, so a screen reader hears each new message (not only the first). A title, when the spec
 * gives one ('Error Encountered'), goes above the message.
 */
export function FormError({
  id,
  message,
  title = null,
}: {
  id: string;
  message: string | null;
  title?: string | null;
}) {
  return (
    <div aria-live="assertive" aria-atomic="true">
      {message && (
        <div id={id} className="alert alert-danger py-2 mb-3">
          {title && <strong className="d-block">{title}</strong>}
          {message}
        </div>
      )}
    </div>
  );
}
