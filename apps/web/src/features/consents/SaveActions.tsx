import { Button, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';

/**
 * A consent form's Save, and Cancel back to the profile settings; while saving, a spinner
 * (announced as `savingText`) stands where Cancel was.
 */
export function SaveActions({
  saving,
  loading,
  savingText,
  cancelTo,
  className = '',
}: {
  saving: boolean;
  /** The form's data is still loading: nothing to save yet. */
  loading: boolean;
  savingText: string;
  cancelTo: string;
  className?: string;
}) {
  return (
    <div className={`d-flex flex-wrap gap-2 align-items-center ${className}`.trim()}>
      {saving ? (
        <Spinner animation="border" size="sm" role="status" className="mx-3">
          <span className="visually-hidden">{savingText}</span>
        </Spinner>
      ) : (
        <Link to={cancelTo} className="btn btn-outline-secondary">
          Cancel
        </Link>
      )}
      <Button type="submit" variant="primary" disabled={saving || loading}>
        Save
      </Button>
    </div>
  );
}
