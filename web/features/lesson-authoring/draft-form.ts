// A lesson as its form holds it, every field a string a writer types into (lists of steps one per line), and the
// way between that and the contract's content: filled from a working copy, turned back into content to validate
// and send. Blank optional parts (a heading, a year, an address) are left out rather than sent empty.

import type { StageKey } from '../../../contract/crop-plans';
import type { CropKey } from '../../../contract/crops-constants';
import type { TLessonContent, TLessonSection, TLessonSource, TLessonText } from '../../../contract/lessons';
import type { LessonTopic } from '../../../contract/lessons-constants';

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const SECTION_KINDS = ['text', 'steps', 'do_dont'] as const;
export type SectionKind = (typeof SECTION_KINDS)[number];

export type SectionForm =
  | { kind: 'text'; heading: string; text: string }
  | { kind: 'steps'; heading: string; steps: string }
  | { kind: 'do_dont'; do: string; dont: string };

export interface TextForm {
  title: string;
  summary: string;
  keySteps: [string, string, string];
  sections: SectionForm[];
}

export interface SourceForm {
  publisher: string;
  title: string;
  year: string;
  url: string;
}

export interface LessonForm {
  slug: string;
  topic: LessonTopic;
  crops: CropKey[];
  stages: StageKey[];
  readingMinutes: string;
  sources: SourceForm[];
  en: TextForm | null;
  fr: TextForm | null;
}

export const emptySection = (kind: SectionKind): SectionForm => {
  if (kind === 'do_dont') {
    return { kind, do: '', dont: '' };
  }
  return kind === 'text' ? { kind, heading: '', text: '' } : { kind, heading: '', steps: '' };
};

export const emptyText = (): TextForm => ({
  title: '',
  summary: '',
  keySteps: ['', '', ''],
  sections: [emptySection('text')],
});

export const emptySource = (): SourceForm => ({ publisher: '', title: '', year: '', url: '' });

/** A new lesson: in the writer's language, one paragraph and one source to fill. */
export const emptyForm = (language: Language): LessonForm => ({
  slug: '',
  topic: 'crops',
  crops: [],
  stages: [],
  readingMinutes: '3',
  sources: [emptySource()],
  en: language === 'en' ? emptyText() : null,
  fr: language === 'fr' ? emptyText() : null,
});

// ---- From a working copy

const lines = (items: string[]) => items.join('\n');

function sectionForm(section: TLessonSection): SectionForm {
  switch (section.kind) {
    case 'text':
      return { kind: 'text', heading: section.heading ?? '', text: section.text };
    case 'steps':
      return { kind: 'steps', heading: section.heading ?? '', steps: lines(section.steps) };
    case 'do_dont':
      return { kind: 'do_dont', do: lines(section.do), dont: lines(section.dont) };
  }
}

const textForm = (text: TLessonText | undefined): TextForm | null =>
  text
    ? {
        title: text.title,
        summary: text.summary,
        keySteps: [text.keySteps[0] ?? '', text.keySteps[1] ?? '', text.keySteps[2] ?? ''],
        sections: text.sections.map(sectionForm),
      }
    : null;

const sourceForm = (source: TLessonSource): SourceForm => ({
  publisher: source.publisher,
  title: source.title,
  year: source.year === null ? '' : String(source.year),
  url: source.url ?? '',
});

export const formOf = (content: TLessonContent): LessonForm => ({
  slug: content.slug,
  topic: content.topic,
  crops: [...content.crops],
  stages: [...content.stages],
  readingMinutes: String(content.readingMinutes),
  sources: content.sources.map(sourceForm),
  en: textForm(content.en),
  fr: textForm(content.fr),
});

// ---- Back to content (unchecked: the contract's schema says what is wrong, field by field)

/** The non-blank lines of a list typed one item per line. */
export const splitLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);

const withHeading = (heading: string) => (heading.trim() ? { heading: heading.trim() } : {});

function sectionOf(section: SectionForm): TLessonSection {
  switch (section.kind) {
    case 'text':
      return { kind: 'text', ...withHeading(section.heading), text: section.text };
    case 'steps':
      return { kind: 'steps', ...withHeading(section.heading), steps: splitLines(section.steps) };
    case 'do_dont':
      return { kind: 'do_dont', do: splitLines(section.do), dont: splitLines(section.dont) };
  }
}

export const textOf = (text: TextForm): TLessonText => ({
  title: text.title,
  summary: text.summary,
  keySteps: [...text.keySteps],
  sections: text.sections.map(sectionOf),
});

const numberOrText = (value: string): number | string => {
  const trimmed = value.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
};

const sourceOf = (source: SourceForm) => ({
  publisher: source.publisher,
  title: source.title,
  year: source.year.trim() ? numberOrText(source.year) : null,
  url: source.url.trim() ? source.url.trim() : null,
});

/** The content to check and send; a number typed wrong stays text, so the schema names the field. */
export function contentOf(form: LessonForm): unknown {
  return {
    slug: form.slug.trim(),
    topic: form.topic,
    crops: form.crops,
    stages: form.stages,
    readingMinutes: numberOrText(form.readingMinutes),
    sources: form.sources.map(sourceOf),
    ...(form.en ? { en: textOf(form.en) } : {}),
    ...(form.fr ? { fr: textOf(form.fr) } : {}),
  };
}

// ---- Errors by field

/** Validation messages by dotted path ('fr.sections.0.text'); '' holds those about the whole lesson. */
export type FormErrors = Record<string, string>;

export function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The first message for a field or anything inside it (a list typed in one box: its lines). */
export function errorAt(errors: FormErrors, path: string): string | undefined {
  if (errors[path] !== undefined) {
    return errors[path];
  }
  const inside = Object.keys(errors).find((key) => key.startsWith(`${path}.`));
  return inside === undefined ? undefined : errors[inside];
}

/** Moves an item of a list up (-1) or down (+1); the list as it was when it cannot move. */
export function move<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= items.length) {
    return [...items];
  }
  const next = [...items];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}
