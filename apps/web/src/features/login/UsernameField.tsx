import type { Dispatch, InvalidEvent, Ref, SetStateAction } from 'react';
import { Form } from 'react-bootstrap';

/**
 * The username field of tabs 1 and 16 (§2.4, §5): up to 64 characters, trimmed when it loses
 * focus, with the form's error announced beside it.
 */
export function UsernameField({
  controlId,
  inputRef,
  value,
  setValue,
  onEdit,
  invalid,
  describedBy,
  readOnly = false,
  passkeySuggestions = false,
  onInvalid,
}: {
  controlId: string;
  inputRef: Ref<HTMLInputElement>;
  value: string;
  /** Takes each change, and the trimmed value when the field loses focus. */
  setValue: Dispatch<SetStateAction<string>>;
  /** The person typed: an earlier complaint about the field no longer holds. */
  onEdit: () => void;
  invalid: boolean;
  /** The error's id, while there is one. */
  describedBy: string | undefined;
  readOnly?: boolean;
  /** The browser offers saved passkeys among the field's suggestions. */
  passkeySuggestions?: boolean;
  onInvalid?: (event: InvalidEvent<HTMLInputElement>) => void;
}) {
  return (
    <Form.Group className="mb-3" controlId={controlId}>
      <Form.Label>Username</Form.Label>
      <Form.Control
        ref={inputRef}
        name="username"
        type="text"
        autoComplete={passkeySuggestions ? 'username webauthn' : 'username'}
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={64}
        readOnly={readOnly}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          onEdit();
        }}
        onBlur={() => setValue((current) => current.trim())}
        onInvalid={onInvalid}
        aria-invalid={invalid}
        aria-describedby={describedBy}
      />
    </Form.Group>
  );
}
