import { describe, expect, it } from 'vitest';
import { policyAnswerOf } from './policy-answer';

describe('a policy answer', () => {
  it('hands a 200 body on as it is', () => {
    expect(policyAnswerOf(200, { status: 'COMPLETED' })).toEqual({
      kind: 'ok',
      body: { status: 'COMPLETED' },
    });
  });

  it('reads a refusal with its field messages', () => {
    expect(
      policyAnswerOf(400, {
        message: 'Please check your input. username: taken',
        details: [{ field: 'username', message: 'taken' }, { message: 'general' }, { field: 'x' }],
      }),
    ).toEqual({
      kind: 'refused',
      status: 400,
      message: 'Please check your input. username: taken',
      details: [
        { field: 'username', message: 'taken' },
        { field: null, message: 'general' },
      ],
    });
    expect(policyAnswerOf(429, { message: 'Wait a little' })).toMatchObject({
      kind: 'refused',
      status: 429,
      message: 'Wait a little',
      details: [],
    });
  });

  it('fails on a server error and on a refusal without a body', () => {
    expect(policyAnswerOf(500, { message: 'Unexpected Error.' })).toMatchObject({ kind: 'failed' });
    expect(policyAnswerOf(502, null)).toMatchObject({ kind: 'failed' });
    expect(policyAnswerOf(400, null)).toMatchObject({ kind: 'failed' });
  });
});
