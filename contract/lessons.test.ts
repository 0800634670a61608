// The lesson a crop task links: the crop's own, else the one for any crop, else none.
import { describe, expect, it } from 'vitest';
import { lessonForTask } from './lessons';

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
