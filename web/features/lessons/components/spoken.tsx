// The lesson's text as drawn, with the sentence "Listen" is saying highlighted in place (only the part that holds
// it is cut into sentences; everything else, and everything when nothing is read, is the plain text).
import { createContext, Fragment, useContext } from 'react';
import { type SpokenPart, splitSentences } from '../speech-text';

interface Reading {
  /** The sentence being said (its number among all the lesson's), or null. */
  current: number | null;
  /** Each part's first sentence number and its count. */
  parts: ReadonlyMap<string, { first: number; count: number }>;
}

const ReadingContext = createContext<Reading>({ current: null, parts: new Map() });

/** Where each part's sentences start among the lesson's. */
export function partStarts(parts: readonly SpokenPart[]): Reading['parts'] {
  let first = 0;
  return new Map(
    parts.map((part) => {
      const at = { first, count: part.sentences.length };
      first += part.sentences.length;
      return [part.id, at];
    }),
  );
}

export const ReadingProvider = ReadingContext.Provider;

const MARK = 'rounded-sm bg-amber-200 text-stone-950';

export function Spoken({ part, text }: { part: string; text: string }) {
  const { current, parts } = useContext(ReadingContext);
  const at = parts.get(part);
  if (current === null || !at || current < at.first || current >= at.first + at.count) {
    return text;
  }
  const sentences = splitSentences(text);
  // A "do / don't" line is said with its label; if the drawn text cuts otherwise, the whole part is marked.
  if (sentences.length !== at.count) {
    return (
      <mark className={MARK} data-testid="lesson-reading">
        {text}
      </mark>
    );
  }
  return sentences.map((sentence, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a text's sentences never reorder.
    <Fragment key={i}>
      {i > 0 ? ' ' : null}
      {at.first + i === current ? (
        <mark className={MARK} data-testid="lesson-reading">
          {sentence}
        </mark>
      ) : (
        sentence
      )}
    </Fragment>
  ));
}
