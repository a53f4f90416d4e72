/**
 * An error under a form, announced as soon as it appears: the live region is always in the
 * page, so a screen reader hears each new message (not only the first).
 */
export function FormError({ id, message }: { id: string; message: string | null }) {
  return (
    <div aria-live="assertive" aria-atomic="true">
      {message && (
        <div id={id} className="alert alert-danger py-2 mb-3">
          {message}
        </div>
      )}
    </div>
  );
}
