// The Learning Center's lessons: short, cited, in both languages, their body structured text (never HTML).
import { z } from 'zod';
import { STAGE_KEYS, type TaskKind } from './crop-plans';
import { ZCropKey } from './crops';
import { LESSON_LINKS, LESSON_TOPICS } from './lessons-constants';
import { zSingleLine } from './text';

export { LESSON_TOPICS, type LessonTopic } from './lessons-constants';

export const ZLessonTopic = z.enum(LESSON_TOPICS);

export const LESSON_STATUSES = ['draft', 'in_review', 'published'] as const;

/** Addresses under /api/lessons that are not lessons: no lesson may take one. */
const RESERVED_SLUGS: ReadonlySet<string> = new Set(['privacy', 'drafts', 'write', 'new']);

/** Slugs: lower-case words joined by hyphens. */
export const ZLessonSlug = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lessons.validation.slug')
  .min(3, 'lessons.validation.slug')
  .max(60, 'lessons.validation.slug')
  .refine((slug) => !RESERVED_SLUGS.has(slug), 'lessons.validation.slugReserved');

/**
 * A lesson's words are plain text, shown as text: anything that reads as markup (a tag, a comment, an entity) or as
 * a script address is refused, so no lesson stored or sent by SMS carries something a browser or a reader could run.
 */
const MARKUP = /<[a-z!?/]|&#|&[a-z]+;|javascript:|data:text/iu;
const plain = <T extends z.ZodType<string>>(text: T) =>
  text.refine((value) => !MARKUP.test(value), 'lessons.validation.markup');
const ZLine = (max: number) => plain(zSingleLine().min(1).max(max));
const ZParagraph = plain(z.string().trim().min(1).max(1200));

/** A body's parts: a paragraph, numbered steps, a do / don't box. Plain text only, rendered as text. */
export const ZLessonSection = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), heading: ZLine(120).optional(), text: ZParagraph }).strict(),
  z
    .object({
      kind: z.literal('steps'),
      heading: ZLine(120).optional(),
      steps: z.array(ZLine(300)).min(1).max(12),
    })
    .strict(),
  z
    .object({
      kind: z.literal('do_dont'),
      do: z.array(ZLine(200)).min(1).max(8),
      dont: z.array(ZLine(200)).min(1).max(8),
    })
    .strict(),
]);
export type TLessonSection = z.infer<typeof ZLessonSection>;

/** One language's text of a lesson. */
export const ZLessonText = z
  .object({
    title: ZLine(100),
    summary: ZLine(300),
    sections: z.array(ZLessonSection).min(1).max(12),
    /** The three steps a phone sends by SMS (each short). */
    keySteps: z.array(ZLine(140)).length(3),
  })
  .strict();
export type TLessonText = z.infer<typeof ZLessonText>;

/** Where the facts come from: who published it, its title, year, and where to find it. */
export const ZLessonSource = z
  .object({
    publisher: ZLine(120),
    title: ZLine(300),
    year: z.number().int().min(1900).max(2100).nullable(),
    /** A web address (http or https only: never a script or data address). */
    url: z
      .string()
      .max(500)
      .regex(/^https?:\/\/[^\s<>"]+$/u, 'lessons.validation.url')
      .pipe(z.url())
      .nullable(),
  })
  .strict();
export type TLessonSource = z.infer<typeof ZLessonSource>;

/** A lesson as written: its classification, sources and the text in each language it has (one at least). */
const lessonFields = {
  slug: ZLessonSlug,
  topic: ZLessonTopic,
  /** Crop keys (contract/crops.ts) the lesson is about; empty for any crop. */
  crops: z.array(ZCropKey).max(10),
  /** FAO-56 stages it fits (contract/crop-plans.ts STAGE_KEYS); empty for any time. */
  stages: z.array(z.enum(STAGE_KEYS)).max(4),
  readingMinutes: z.number().int().min(1).max(10),
  sources: z.array(ZLessonSource).min(1).max(10),
  en: ZLessonText.optional(),
  fr: ZLessonText.optional(),
};
const hasLanguage = (l: { en?: unknown; fr?: unknown }) => l.en !== undefined || l.fr !== undefined;
export const ZLessonContent = z
  .object(lessonFields)
  .strict()
  .refine(hasLanguage, 'lessons.validation.language');
export type TLessonContent = z.infer<typeof ZLessonContent>;

/** `PATCH /api/lessons/:slug`: what changes in the lesson's working copy (its slug stays). */
export const ZLessonPatch = z
  .object(lessonFields)
  .omit({ slug: true })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'lessons.validation.emptyPatch');
export type TLessonPatch = z.infer<typeof ZLessonPatch>;

// ---- What the API answers

export const ZLessonProgress = z.object({
  openedAt: z.string(),
  finishedAt: z.string().nullable(),
});

/** A published lesson in a list, in the reader's language (else the language it has, named). */
export const ZLessonSummary = z.object({
  /** The lesson's number: what a phone asks for (`LEARN 12`). */
  id: z.number().int(),
  slug: z.string(),
  topic: ZLessonTopic,
  crops: z.array(z.string()),
  stages: z.array(z.enum(STAGE_KEYS)),
  readingMinutes: z.number().int(),
  /** The language of `title` and `summary`: the reader's, or the other when the lesson has only that one. */
  language: z.enum(['en', 'fr']),
  title: z.string(),
  summary: z.string(),
  version: z.number().int(),
  publishedAt: z.string(),
  progress: ZLessonProgress.nullable(),
});
export type TLessonSummary = z.infer<typeof ZLessonSummary>;

/** `GET /api/lessons/:slug`: the whole lesson in the reader's language, its sources and who reviewed it. */
export const ZLesson = ZLessonSummary.extend({
  sections: z.array(ZLessonSection),
  keySteps: z.array(z.string()),
  sources: z.array(ZLessonSource),
  /** The languages the lesson is written in. */
  languages: z.array(z.enum(['en', 'fr'])),
  reviewedBy: z.string().nullable(),
});
export type TLesson = z.infer<typeof ZLesson>;

/** `GET /api/lessons`: published lessons, filtered; `for=me`: those fitting the reader's crop plans now. */
export const ZLessonsQuery = z
  .object({
    topic: ZLessonTopic.optional(),
    crop: z.string().trim().min(1).max(40).optional(),
    stage: z.enum(STAGE_KEYS).optional(),
    q: z.string().trim().min(1).max(100).optional(),
    for: z.literal('me').optional(),
  })
  .strict();
export type TLessonsQuery = z.infer<typeof ZLessonsQuery>;

/** Its answer: every lesson found (tens, not thousands: no cursor). */
export const ZLessonsAnswer = z.object({ data: z.array(ZLessonSummary) });

export const ZLessonSlugParams = z.object({ slug: ZLessonSlug });

/** `POST /api/lessons/:slug/progress`: opened (the default) or finished. */
export const ZLessonProgressInput = z.object({ finished: z.boolean().default(false) }).strict();

/** A crop task's lesson: the crop's own where there is one, else the one for any crop. */
const TASK_LESSONS: Partial<Record<TaskKind, Readonly<Record<string, string>>>> = {
  planting: {
    maize: 'maize-planting',
    cassava: 'cassava-planting',
    groundnut: 'groundnut-growing',
    tomato: 'tomato-growing',
  },
  top_dressing: { maize: 'maize-top-dressing' },
  scouting: { maize: 'fall-armyworm', tomato: 'late-blight', potato: 'late-blight' },
  spray: { any: 'spraying-safely' },
  harvest: { cassava: 'cassava-harvest', groundnut: 'groundnut-growing', cocoa: 'cocoa-fermenting-drying' },
  drying_storage: { maize: 'drying-maize', cocoa: 'cocoa-fermenting-drying', any: 'hermetic-storage' },
};

export function lessonForTask(kind: TaskKind, crop: string | null): string | null {
  const lessons = TASK_LESSONS[kind];
  return (crop === null ? undefined : lessons?.[crop]) ?? lessons?.any ?? null;
}

/**
 * A notification's lesson: a weather alert's by its kind, a farm alert of late blight the blight lesson. The data is
 * the notification's own (`reason` of a weather alert, `alertKey` of a farm alert).
 */
export function lessonForNotification(
  type: string,
  data: Readonly<Record<string, string | number | null>>,
): string | null {
  if (type === 'weather_alert' && typeof data.reason === 'string') {
    return (LESSON_LINKS.alert as Readonly<Record<string, string>>)[data.reason] ?? null;
  }
  if (type === 'farm_alert' && data.alertKey === 'notifications.alerts.late_blight') {
    return LESSON_LINKS.risk.late_blight;
  }
  return null;
}

/** Every slug a moment of the app may link (the shipped lessons must hold each). */
export const LINKED_LESSONS: readonly string[] = [
  ...Object.values(LESSON_LINKS.alert),
  LESSON_LINKS.wetLot,
  ...Object.values(LESSON_LINKS.risk),
  ...Object.values(TASK_LESSONS).flatMap((byCrop) => Object.values(byCrop ?? {})),
];
