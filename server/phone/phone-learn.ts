// LEARN (fr APPRENDRE) by SMS or WhatsApp: `LEARN maize` the numbered titles of a crop's lessons (or, for words
// that name no crop, the lessons holding them: `LEARN aflatoxin`), `LEARN 12` lesson 12's three key steps. Lessons
// are public knowledge: a number with no account may read them too (in the language of the command word), as it may
// check a receipt; the rate limit every message counts against applies the same.
import { foldName, resolveKind } from '../../contract/commodity-kinds';
import { type Language, MAX_INT4 } from '../../contract/constants';
import { CROP_KEYS, type CropKey } from '../../contract/crops';
import type { AppContext } from '../context';
import { translate } from '../http/i18n';
import {
  lessonOpenedByPhone,
  lessonSteps,
  lessonTitlesForCrop,
  lessonTitlesWithWords,
  phoneLessonChoices,
} from '../lessons';
import { marketModel } from '../marketplace';
import type { Command } from './commands';
import { lessonListText, lessonStepsText } from './phone-learn-text';
import { say } from './phone-text';

/** A crop as the reader names it ("Maize", "Maïs"). */
const cropName = (lang: Language, crop: string) => translate(lang, `agronomy.crop.${crop}`);

const isCropKey = (key: string): key is CropKey => (CROP_KEYS as readonly string[]).includes(key);

/**
 * The crop that words typed in either language name (mais, maïs, manioc, cacao, arachides…): through the commodity
 * catalogue's resolver, whose kinds carry the crops' keys; else a crop's own name in either language (a crop the
 * catalogue no longer lists). Null when the words name no crop.
 */
async function cropOfWords(ctx: AppContext, words: string): Promise<CropKey | null> {
  const catalogue = await marketModel.of(ctx).catalogue.get();
  const kind = resolveKind(catalogue.index, words);
  if (kind !== null && isCropKey(kind)) {
    return kind;
  }
  const wanted = foldName(words);
  return (
    CROP_KEYS.find((crop) =>
      [crop.replace(/_/g, ' '), cropName('en', crop), cropName('fr', crop)].some(
        (n) => foldName(n) === wanted,
      ),
    ) ?? null
  );
}

/** The crops that have lessons, as the reader names them. */
async function cropsWithLessons(ctx: AppContext, lang: Language): Promise<string> {
  const { crops } = await phoneLessonChoices(ctx.db);
  return crops
    .map((crop) => cropName(lang, crop))
    .sort((a, b) => a.localeCompare(b, lang))
    .join(', ');
}

/** The lessons a crop or some words ask for, as a list; or what there is when none. */
async function lessonsAbout(ctx: AppContext, lang: Language, about: string): Promise<string> {
  const crop = await cropOfWords(ctx, about);
  const lessons =
    crop === null
      ? await lessonTitlesWithWords(ctx.db, about, lang)
      : await lessonTitlesForCrop(ctx.db, crop, lang);
  if (lessons.length === 0) {
    const words = crop === null ? about : cropName(lang, crop);
    return say(lang, 'learn.noLessons', { words, crops: await cropsWithLessons(ctx, lang) });
  }
  const heading =
    crop === null
      ? say(lang, 'learn.wordsTitle', { words: about })
      : say(lang, 'learn.cropTitle', { crop: cropName(lang, crop) });
  return lessonListText(lang, heading, lessons);
}

/** Lesson `id`'s steps in at most 3 SMS parts, counted as opened for the reader who has an account. */
export async function lessonStepsReply(
  ctx: AppContext,
  lang: Language,
  userId: number | null,
  id: number,
): Promise<string | null> {
  // A number past what a lesson's id can be is no lesson (the database would refuse to compare it).
  const lesson = id <= MAX_INT4 ? await lessonSteps(ctx.db, id, lang) : null;
  if (lesson === null) {
    return null;
  }
  if (userId !== null) {
    await lessonOpenedByPhone(ctx.db, userId, id);
  }
  return lessonStepsText(lang, lesson);
}

/** LEARN / APPRENDRE: `userId` null for a number with no account. */
export async function learnReply(
  ctx: AppContext,
  lang: Language,
  userId: number | null,
  command: Extract<Command, { kind: 'learn' }>,
): Promise<string> {
  if (command.lesson !== null) {
    const id = Number(command.lesson);
    return (
      (await lessonStepsReply(ctx, lang, userId, id)) ?? say(lang, 'learn.notFound', { id: command.lesson })
    );
  }
  if (command.about !== null) {
    return lessonsAbout(ctx, lang, command.about);
  }
  return say(lang, 'learn.usage', { crops: await cropsWithLessons(ctx, lang) });
}
