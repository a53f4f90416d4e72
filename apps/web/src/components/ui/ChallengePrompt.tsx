import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode, Ref } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { challengePromptMessages, fillBrand } from '@anybank/contracts';
import type { PromptForm, PromptNode } from '@anybank/contracts';
import { useBrand } from '../../lib/brand';
import {
  asksForInput,
  emptyValues,
  instructionOf,
  firstInvalidInput,
  htmlPatternOf,
  answerValues,
  type ButtonNode,
  type InputNode,
  type PromptValues,
  type WaitNode,
  type WebAuthnNode,
} from './challenge-prompt-model';

/** Where the caller's passkey ceremony is: asked, its answer being checked, or neither. */
export type PasskeyPhase = 'idle' | 'asking' | 'checking';

export interface ChallengePromptProps {
  /** The server's form (the flow's `challengePrompt`, a transfer's or a payment's `prompt`). */
  form: PromptForm;
  /**
   * Sends the typed answer (by the input nodes' names), checked against their patterns first.
   * Resolves true when it was taken; false clears the fields and focuses the first again.
   */
  onSubmit?: (values: PromptValues) => Promise<boolean>;
  onResend?: () => void;
  onCancel?: () => void;
  /** Reads again whether the person answered elsewhere: every `pollAfterMs` while waiting. */
  onPoll?: () => void;
  /** Whether the wait node shows (and polls): the server still waits for the phone. */
  waiting?: boolean;
  /** Runs the caller's passkey ceremony with the webauthn node's options. */
  onPasskey?: (options: Record<string, unknown>) => void;
  passkeyPhase?: PasskeyPhase;
  /** The server's refusal of the last answer, announced in an alert. */
  serverError?: string | null;
  /** The caller waits for the server: the buttons are disabled, the submit one spins. */
  busy?: boolean;
  /** The first field takes focus when the prompt appears (the step's first field). */
  focusOnMount?: boolean;
  /** Shown above the buttons (the login modal's "Don't ask again on this browser"). */
  extra?: ReactNode;
}

/**
 * Every method's prompt, drawn from the server's description (ADR 0026, after Ory Kratos's UI
 * nodes): its words, a field, a wait for the phone, a passkey, its buttons. The caller owns the
 * heading and what an answer does; this owns the form, its checks and where focus goes: the
 * first field when it appears and after a refused answer, Try Again after a refused passkey.
 */
export function ChallengePrompt(props: ChallengePromptProps) {
  const { form, serverError = null, busy = false, focusOnMount = true, extra } = props;
  const brand = useBrand();
  const words = (text: string) => fillBrand(text, brand);
  const [values, setValues] = useState<PromptValues>(() => emptyValues(form));
  const [fieldError, setFieldError] = useState<{ name: string; message: string } | null>(null);
  /** Answers tried: each refusal is a new alert. */
  const [answers, setAnswers] = useState(0);
  const firstInputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const fieldId = useId();
  const errorText = fieldError?.message ?? serverError;
  const hasInput = asksForInput(form);

  useEffect(() => {
    if (focusOnMount) firstInputRef.current?.focus();
  }, [focusOnMount]);

  // A refusal from the server puts the person back in the field to type again.
  useEffect(() => {
    if (serverError !== null) firstInputRef.current?.focus();
  }, [serverError]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !props.onSubmit) return;
    const invalid = firstInvalidInput(form, values);
    setFieldError(invalid);
    setAnswers((count) => count + 1);
    if (invalid) {
      firstInputRef.current?.focus();
      return;
    }
    if (!(await props.onSubmit(answerValues(form, values)))) {
      setValues(emptyValues(form));
      firstInputRef.current?.focus();
    }
  };

  const firstInputName = form.nodes.find((node) => node.type === 'input')?.name;
  const nodeView = (node: PromptNode, index: number): ReactNode => {
    switch (node.type) {
      case 'text':
        return (
          <p key={index} id={`${fieldId}-text-${index}`}>
            {words(node.text)}
          </p>
        );
      case 'input': {
        const instruction = instructionOf(form, node);
        const invalid =
          errorText !== null && (fieldError === null || fieldError.name === node.name);
        return (
          <PromptInput
            key={node.name}
            node={node}
            id={`${fieldId}-${node.name}`}
            inputRef={node.name === firstInputName ? firstInputRef : undefined}
            value={values[node.name] ?? ''}
            invalid={invalid}
            describedBy={[
              instruction === null ? null : `${fieldId}-text-${instruction}`,
              invalid ? errorId : null,
            ]
              .filter(Boolean)
              .join(' ')}
            disabled={busy}
            onChange={(value) => {
              setValues((current) => ({ ...current, [node.name]: value }));
              setFieldError(null);
            }}
          />
        );
      }
      case 'wait':
        return props.waiting === false ? null : (
          <PromptWait key={index} node={node} text={words(node.text)} onPoll={props.onPoll} />
        );
      case 'webauthn':
        return (
          <PromptPasskey
            key={index}
            node={node}
            phase={props.passkeyPhase ?? 'idle'}
            failed={serverError !== null}
            busy={busy}
            onPasskey={props.onPasskey}
          />
        );
      case 'button':
        return null;
    }
  };

  const buttons = form.nodes.filter((node): node is ButtonNode => node.type === 'button');
  const body = (
    <>
      {/* An alert is announced as it appears: a new one for each answer, even in the same words. */}
      {errorText && (
        <div key={answers} id={errorId} role="alert" className="alert alert-danger py-2 mb-3">
          {errorText}
        </div>
      )}
      {form.nodes.map(nodeView)}
      {extra}
      {buttons.map((node) => (
        <PromptButton
          key={node.name}
          node={node}
          busy={busy}
          onClick={node.action === 'resend' ? props.onResend : props.onCancel}
        />
      ))}
    </>
  );

  return hasInput ? (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
      {body}
    </Form>
  ) : (
    <div>{body}</div>
  );
}

function PromptInput({
  node,
  id,
  inputRef,
  value,
  invalid,
  describedBy,
  disabled,
  onChange,
}: {
  node: InputNode;
  id: string;
  inputRef: Ref<HTMLInputElement> | undefined;
  value: string;
  invalid: boolean;
  /** Its instruction, and the refusal while there is one. */
  describedBy: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const secret = node.autocomplete === 'current-password';
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{node.label}</Form.Label>
      <Form.Control
        ref={inputRef}
        name={node.name}
        // A password is typed hidden; a code is text (its input mode brings the keypad).
        type={secret ? 'password' : 'text'}
        inputMode={node.inputMode}
        autoComplete={node.autocomplete}
        spellCheck={false}
        required
        maxLength={node.maxLength}
        pattern={htmlPatternOf(node.pattern)}
        title={node.invalidMessage}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        isInvalid={invalid}
        aria-invalid={invalid}
        aria-describedby={describedBy || undefined}
      />
    </Form.Group>
  );
}

/** "Approve on your phone": a live status while the page reads the answer again. */
function PromptWait({
  node,
  text,
  onPoll,
}: {
  node: WaitNode;
  text: string;
  onPoll: (() => void) | undefined;
}) {
  const poll = useEffectEvent(() => onPoll?.());
  const polls = onPoll !== undefined;
  useEffect(() => {
    if (!polls) return undefined;
    const timer = window.setInterval(poll, node.pollAfterMs);
    return () => window.clearInterval(timer);
  }, [polls, node.pollAfterMs]);
  return (
    <div role="status" className="d-flex align-items-center gap-3 mb-3">
      <Spinner animation="grow" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

/**
 * A passkey: while the browser asks (or its answer is checked) a live status; otherwise the
 * button that asks it, which takes focus after a refusal.
 */
function PromptPasskey({
  node,
  phase,
  failed,
  busy,
  onPasskey,
}: {
  node: WebAuthnNode;
  phase: PasskeyPhase;
  failed: boolean;
  busy: boolean;
  onPasskey: ((options: Record<string, unknown>) => void) | undefined;
}) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (failed && phase === 'idle') buttonRef.current?.focus();
  }, [failed, phase]);
  if (phase !== 'idle') {
    return (
      <div role="status" className="d-flex align-items-center gap-3 mb-3">
        <Spinner animation="border" aria-hidden="true" />
        <span>{phase === 'asking' ? node.text : challengePromptMessages.passkeyChecking}</span>
      </div>
    );
  }
  return (
    <div className="d-grid">
      <Button
        ref={buttonRef}
        type="button"
        variant="primary"
        disabled={busy || !onPasskey}
        onClick={() => onPasskey?.(node.options)}
      >
        {node.label}
      </Button>
    </div>
  );
}

/** Submit is the form's main button; resend and cancel are ways out under it. */
function PromptButton({
  node,
  busy,
  onClick,
}: {
  node: ButtonNode;
  busy: boolean;
  onClick: (() => void) | undefined;
}) {
  if (node.action === 'submit') {
    return (
      <div className="d-grid">
        <Button type="submit" variant="primary" disabled={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {node.label}
        </Button>
      </div>
    );
  }
  return (
    <div className="d-grid mt-2">
      <Button type="button" variant="outline-secondary" disabled={busy} onClick={onClick}>
        {node.label}
      </Button>
    </div>
  );
}
