// Lesson constants the web's screens need at first render, without zod
// (contract/lessons.ts holds the schemas).

export const LESSON_TOPICS = [
  'crops',
  'pests_diseases',
  'soil_water',
  'post_harvest',
  'marketing',
  'money',
  'safety',
] as const;
export type LessonTopic = (typeof LESSON_TOPICS)[number];
/**
 * The lesson that fits a moment of the app: a weather alert's kind, a stock lot too wet, a pest risk. The web links
 * them; a slug that is not published links nothing.
 */
export const LESSON_LINKS = {
  alert: {
    planting_rains: 'maize-planting',
    dry_spell: 'maize-flowering-water',
    heavy_rain: 'drying-maize',
    spray_window: 'spraying-safely',
    heat_stress: 'maize-flowering-water',
  },
  wetLot: 'drying-maize',
  risk: { late_blight: 'late-blight', fall_armyworm: 'fall-armyworm' },
} as const;
