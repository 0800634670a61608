// A lesson's text for a reader: in their language when the lesson has it, else in the language it has (named).
import type { Language } from '../../contract/constants';

/** The text in the reader's language, else the other one, with the language shown; null when it has neither. */
export function textIn<T>(
  content: { en?: T; fr?: T },
  language: Language,
): { shown: Language; text: T } | null {
  const shown: Language = content[language] ? language : language === 'en' ? 'fr' : 'en';
  const text = content[shown];
  return text ? { shown, text } : null;
}
