// A late-blight alert leads to its lesson, in French on a small phone: amina's potato field reports two warm, humid
// days (a Hutton period, the rule that raises the farm's blight alert); the alert reaches her notifications with the
// blight lesson one tap away, and the tap opens the lesson. The field is removed afterwards.
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../contract/constants';
import type { TNotification } from '../contract/notifications';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/demo/accounts';
import { openPage, SMALL_PHONE, sharedBrowser, textOf, visible } from './browser';
import { expectJson } from './sale-by-api';

const browser = sharedBrowser();
const BLIGHT_TITLE = 'Reconnaître et arrêter le mildiou';

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

describe('a lesson from an alert', () => {
  it('amina follows her potato field’s late-blight alert to the blight lesson', async () => {
    const demo = DEMO_USERS.find((user) => user.username === 'amina');
    if (!demo) {
      throw new Error('no demo account amina');
    }
    const { context, page } = await openPage(browser(), { viewport: SMALL_PHONE, locale: 'fr-FR' });
    await expectJson(
      page.request.post('/api/login', { data: { username: 'amina', password: DEMO_PASSWORD } }),
      200,
    );
    await expectJson(page.request.patch('/api/user/language', { data: { language: 'fr' } }), 200);
    const farm = await expectJson<{ id: number }>(
      page.request.post('/api/farms', {
        data: {
          name: 'Pommes de terre de Dschang',
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
    try {
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

      await page.goto('/');
      await page.getByRole('button', { name: /^Ouvrir le menu/ }).click();
      await page.getByRole('button', { name: /^Notifications/ }).click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      await visible(panel);
      const alert = panel.getByRole('listitem').filter({ hasText: 'Pommes de terre de Dschang' }).first();
      await textOf(alert, 'mildiou');
      await alert.getByTestId('lesson-link').click();
      await page.waitForURL(/\/education\/late-blight$/);
      await visible(page.getByRole('heading', { level: 1, name: BLIGHT_TITLE }));
    } finally {
      await page.request.delete(`/api/farms/${farm.id}`);
      await page.request.patch('/api/user/language', { data: { language: demo.language } });
      await context.close();
    }
  });
});
