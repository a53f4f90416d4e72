import { Alert, Placeholder } from 'react-bootstrap';

/**
 * The top of a managed list's section (lib/use-managed-list.ts): the live region that says
 * what the last action did, the error of a failed load or action, and a placeholder while the
 * list loads.
 */
export function ManagedListStatus({
  notice,
  error,
  loading,
}: {
  notice: string;
  error: string | null;
  loading: boolean;
}) {
  return (
    <>
      <p role="status" className={notice ? 'alert alert-success' : 'visually-hidden'}>
        {notice}
      </p>
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      {loading && (
        <Placeholder as="div" animation="glow" aria-hidden="true">
          <Placeholder xs={8} className="d-block py-3" />
        </Placeholder>
      )}
    </>
  );
}
