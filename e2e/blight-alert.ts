// A late-blight alert of amina's, made the way a farm makes one: a potato field of hers reports two warm, humid days
// (a Hutton period, the rule that raises the farm's blight alert), and the alert reaches her notifications. The
// field is removed afterwards.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DAY_MS, HOUR_MS } from '../contract/constants';
import type { TNotification } from '../contract/notifications';
import { visible } from './browser';
import { expectJson } from './sale-by-api';

export const BLIGHT_FIELD = 'Pommes de terre de Dschang';

/** A whole UTC day of hourly readings: 10.5 °C at its coolest, 95 % humidity for its first 7 hours, else 70 %. */
function humidDay(dayStart: number) {
  return Array.from({ length: 24 }, (_, h) => {
    const timestamp = new Date(dayStart + h * HOUR_MS).toISOString();
    return [
      { timestamp, type: 'temperature', value: h === 5 ? 10.5 : 15.5 },
      { timestamp, type: 'humidity', value: h < 7 ? 95 : 70 },
    ];
  }).flat();
}

/** Raises the alert for the signed-in farmer of `page`; answers the function that removes the field again. */
export async function raiseBlightAlert(page: Page): Promise<() => Promise<void>> {
  const farm = await expectJson<{ id: number }>(
    page.request.post('/api/farms', {
      data: {
        name: BLIGHT_FIELD,
        size: 0.5,
        latitude: 5.45,
        longitude: 10.07,
        elevation: 1400,
        crop: 'potato',
        plantingDate: new Date(Date.now() - 50 * DAY_MS).toISOString().slice(0, 10),
      },
    }),
    201,
  );
  // Yesterday and the day before: both within the two days an alert looks back on.
  const yesterday = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS;
  await expectJson(
    page.request.post(`/api/farms/${farm.id}/sensor-data`, {
      data: { readings: [...humidDay(yesterday - DAY_MS), ...humidDay(yesterday)] },
    }),
    201,
  );
  const inbox = await expectJson<TNotification[]>(page.request.get('/api/notifications'), 200);
  expect(
    inbox.some((n) => n.type === 'farm_alert' && n.data.alertKey === 'notifications.alerts.late_blight'),
  ).toBe(true);
  return async () => {
    await page.request.delete(`/api/farms/${farm.id}`);
  };
}

/** On a French phone: the menu, the notifications, and the alert's lesson link followed. */
export async function followBlightAlert(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: /^Ouvrir le menu/ }).click();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await visible(panel);
  const alert = panel.getByRole('listitem').filter({ hasText: BLIGHT_FIELD }).first();
  await expect.poll(() => alert.textContent()).toContain('mildiou');
  await alert.getByTestId('lesson-link').click();
  await page.waitForURL(/\/education\/late-blight$/);
}
