// The lesson a crop task or a notification links: the crop's own, else the one for any crop, else none.
import { describe, expect, it } from 'vitest';
import { lessonForNotification, lessonForTask } from './lessons';

describe('lessonForTask', () => {
  it('links the crop’s own lesson, else the one for any crop, else nothing', () => {
    expect(lessonForTask('planting', 'maize')).toBe('maize-planting');
    expect(lessonForTask('planting', 'cassava')).toBe('cassava-planting');
    expect(lessonForTask('planting', 'sorghum')).toBeNull();
    expect(lessonForTask('spray', 'tomato')).toBe('spraying-safely');
    expect(lessonForTask('drying_storage', 'maize')).toBe('drying-maize');
    expect(lessonForTask('drying_storage', 'beans')).toBe('hermetic-storage');
    expect(lessonForTask('drying_storage', null)).toBe('hermetic-storage');
    expect(lessonForTask('weeding', 'maize')).toBeNull();
  });
});

describe('lessonForNotification', () => {
  it("links a weather alert's lesson by its kind, and a farm's late-blight alert to the blight lesson", () => {
    expect(lessonForNotification('weather_alert', { reason: 'heavy_rain' })).toBe('drying-maize');
    expect(lessonForNotification('farm_alert', { alertKey: 'notifications.alerts.late_blight' })).toBe(
      'late-blight',
    );
    expect(lessonForNotification('farm_alert', { alertKey: 'notifications.alerts.frost' })).toBeNull();
    expect(lessonForNotification('weather_alert', { reason: 'unknown_kind' })).toBeNull();
    expect(lessonForNotification('order_update', { reason: 'heavy_rain' })).toBeNull();
  });
});
