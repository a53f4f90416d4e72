import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { messages } from '@anybank/contracts';

interface RememberBrowserFieldProps {
  /** The flow offers it (`rememberBrowserOffered`): a password sign-in, at a second factor. */
  offered: boolean;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * "Don't ask again on this browser for 30 days", ticked before the second factor
 * is answered (a code typed, the phone's approval awaited). The modal keeps the answer and says
 * it with the step that follows the factor (`continueAuthentication`); the server decides.
 */
export function RememberBrowserField({ offered, checked, onChange }: RememberBrowserFieldProps) {
  const hintId = useId();
  if (!offered) return null;
  const text = messages.rememberedBrowsers;
  return (
    <Form.Group className="mb-3">
      <Form.Check
        id={`${hintId}-remember-browser`}
        name="rememberBrowser"
        label={text.offer}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hintId}
      />
      <Form.Text id={hintId} muted>
        {text.offerHint}
      </Form.Text>
    </Form.Group>
  );
}
