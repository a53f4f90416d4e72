import { useEffect, useRef } from 'react';
import { Button } from 'react-bootstrap';

interface FailureTabProps {
  headingId: string;
  texts: string[];
  onTryAgain: () => void;
}

/** Tab 19: the flow failed; its message and userMessage, and Try Again (§2.4, §8). */
export function FailureTab({ headingId, texts, onTryAgain }: FailureTabProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    buttonRef.current?.focus();
  }, []);

  return (
    <div>
      <h2 id={headingId} className="h4 mb-3">
        We could not sign you in
      </h2>
      <div role="alert" className="alert alert-danger">
        {texts.map((text) => (
          <p key={text} className="mb-0">
            {text}
          </p>
        ))}
      </div>
      <div className="d-grid">
        <Button ref={buttonRef} variant="primary" onClick={onTryAgain}>
          Try Again
        </Button>
      </div>
    </div>
  );
}
