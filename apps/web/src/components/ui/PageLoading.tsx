import { Spinner } from 'react-bootstrap';

/** Shown while a lazily loaded page arrives. */
export function PageLoading() {
  return (
    <div className="d-flex justify-content-center py-5">
      <Spinner animation="border" role="status">
        <span className="visually-hidden">Loading the page…</span>
      </Spinner>
    </div>
  );
}
