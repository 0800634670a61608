// Test helpers for the crops API: days around today, a farmer with a farm and its first plan, and a refusal checked by
// its status, code and catalogue message (with the values the message names).
import { expect } from 'vitest';
import type { TCropPlanDetails, TCropPlans } from '../../contract/crop-plans';
import type { TFarm } from '../../contract/farms';
import { translate } from '../http/i18n';
import type { Send } from './agent-sale';
import { createFarm } from './factories';
import { ok, type Session, type TestApp } from './harness';

/** The day `n` days from today (negative: before), as an ISO date. */
export const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const CODES: Record<number, string> = {
  400: 'badRequest',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
};

/** The answer is a refusal with this status, its code, and the English message of `key` with `params`. */
export function refused(
  res: { statusCode: number; body: string; json: <U>() => U },
  status: number,
  key?: string,
  params: Record<string, string | number> = {},
): void {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ message: string; code: string }>();
  expect(body.code).toBe(CODES[status]);
  if (key) {
    expect(body.message).toBe(translate('en', key, params));
  }
}

/** A new farm of the owner's (2.5 ha of maize unless said) with its first plot and plan. */
export async function farmWithPlan(
  t: TestApp,
  send: Send,
  owner: Session,
  overrides: Record<string, unknown> = {},
): Promise<{ farm: TFarm; plan: TCropPlanDetails }> {
  const farm = await createFarm(t.app, owner, overrides);
  const { plans } = await ok<TCropPlans>(await send(owner, 'GET', `/api/farms/${farm.id}/crop-plans`));
  const [first] = plans;
  if (!first) {
    throw new Error(`farm ${farm.id} has no first plan`);
  }
  return { farm, plan: await ok<TCropPlanDetails>(await send(owner, 'GET', `/api/crop-plans/${first.id}`)) };
}

/** A new farm whose first plan is abandoned and first plot archived: all its hectares free for plots. */
export async function clearedFarm(
  t: TestApp,
  send: Send,
  owner: Session,
  overrides: Record<string, unknown> = {},
): Promise<TFarm> {
  const { farm, plan } = await farmWithPlan(t, send, owner, overrides);
  await ok(await send(owner, 'POST', `/api/crop-plans/${plan.id}/abandon`, { reason: 'other' }));
  await ok(await send(owner, 'PATCH', `/api/farms/${farm.id}/plots/${plan.plotId}`, { archived: true }));
  return farm;
}
