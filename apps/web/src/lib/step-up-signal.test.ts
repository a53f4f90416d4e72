import { afterEach, describe, expect, it, vi } from 'vitest';
import { STEP_UP_REQUIRED } from '@anybank/contracts';
import { finishStepUp, isStepUpOpen, isStepUpRequired, withStepUp } from './step-up-signal';

const stepUpRequired = () =>
  new Response(JSON.stringify({ code: STEP_UP_REQUIRED, message: 'Confirm it is you.' }), {
    status: 401,
  });
const saved = () => new Response(JSON.stringify({ success: true }), { status: 200 });

afterEach(() => finishStepUp(false));

describe('a request that needs a step-up', () => {
  it('tells step_up_required from any other 401', async () => {
    expect(await isStepUpRequired(stepUpRequired())).toBe(true);
    expect(await isStepUpRequired(new Response('{"message":"Sign in"}', { status: 401 }))).toBe(
      false,
    );
    expect(await isStepUpRequired(saved())).toBe(false);
  });

  it('sends the request again once the customer confirmed it is them', async () => {
    const send = vi.fn().mockResolvedValueOnce(stepUpRequired()).mockResolvedValueOnce(saved());
    const answer = withStepUp(send);
    await vi.waitFor(() => expect(isStepUpOpen()).toBe(true));
    expect(send).toHaveBeenCalledTimes(1);
    finishStepUp(true);
    expect((await answer).status).toBe(200);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('keeps the refusal, sending nothing more, when the dialog is closed', async () => {
    const send = vi.fn().mockResolvedValue(stepUpRequired());
    const answer = withStepUp(send);
    await vi.waitFor(() => expect(isStepUpOpen()).toBe(true));
    finishStepUp(false);
    const response = await answer;
    expect(response.status).toBe(401);
    expect(await isStepUpRequired(response)).toBe(true);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
