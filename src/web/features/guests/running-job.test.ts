import { describe, expect, it } from 'vitest';
import { JOB_ALREADY_RUNNING } from '../../../common/messages.ts';
import { apiErrorOf } from '../../lib/api.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { runningJobOf } from './api/jobs.ts';

describe('a refused job start (issue 29)', () => {
  const id = '4b0c3f2e-8a1d-4c55-9a57-0e0f3d1b2c3a';

  it('409 job_running: the running job to follow, and its sentence', () => {
    const err = apiErrorOf(409, { error: { code: 'job_running', message: JOB_ALREADY_RUNNING['send-tickets'], fields: { job_id: id } } });
    expect(runningJobOf(err)).toBe(id);
    expect(toUserMessage(err)).toBe(JOB_ALREADY_RUNNING['send-tickets']);
  });

  it('429 and other refusals name no job; the 429 says how long to wait', () => {
    const limited = apiErrorOf(429, { error: { code: 'rate_limited', message: 'Too many attempts. Please try again in 42 seconds.' } });
    expect(runningJobOf(limited)).toBeUndefined();
    expect(toUserMessage(limited, 'Failed')).toBe('Too many attempts. Please try again in 42 seconds.');
    expect(runningJobOf(apiErrorOf(409, { error: { code: 'conflict', message: 'x', fields: { job_id: id } } }))).toBeUndefined();
    expect(runningJobOf(new Error('x'))).toBeUndefined();
  });
});
