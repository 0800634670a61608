// What "Listen" says: sentences cut where a reader would stop (French spacing before "?" and "!" included, decimals
// kept whole), and a lesson in reading order with its "do / don't" lines labelled.
import { describe, expect, it } from 'vitest';
import { lesson } from './lessons-test-kit';
import { lessonSpeech, splitSentences } from './speech-text';

describe('splitSentences', () => {
  it('cuts after a full stop, a question or exclamation mark and at line breaks', () => {
    expect(
      splitSentences('Walk the rows. Look under the leaves! Why now? Because rain comes.\nThen spray'),
    ).toEqual(['Walk the rows.', 'Look under the leaves!', 'Why now?', 'Because rain comes.', 'Then spray']);
  });

  it('keeps French "?" and "!" (after a space, non-breaking or not) with their sentence, and decimals whole', () => {
    expect(splitSentences('Que faire ? Séchez à 13.5 % au plus\u00a0! Puis stockez…  Voilà.')).toEqual([
      'Que faire ?',
      'Séchez à 13.5 % au plus\u00a0!',
      'Puis stockez…',
      'Voilà.',
    ]);
  });

  it('drops what has no word in it', () => {
    expect(splitSentences(' … \n\n . ')).toEqual([]);
  });
});

describe('lessonSentences', () => {
  it('reads the title, summary, key steps, then each section in order, "do / don\'t" lines labelled', () => {
    const parts = lessonSpeech(lesson(), (kind, line) => `${kind === 'do' ? 'Do' : "Don't"}: ${line}`);
    expect(parts.flatMap((part) => part.sentences)).toEqual([
      'How to spot late blight',
      'Dark patches on leaves after cool wet nights.',
      'Scout twice a week',
      'Remove sick leaves',
      'Spray before rain',
      'What it looks like',
      'Brown patches spread fast in wet weather.',
      'What to do',
      'Walk the rows twice a week',
      'Remove sick leaves',
      'Do: Stake the plants',
      "Don't: Water the leaves in the evening",
    ]);
    // Each part named by where the page draws it.
    expect(parts.map((part) => part.id)).toEqual([
      'title',
      'summary',
      'key.0',
      'key.1',
      'key.2',
      's0.heading',
      's0.text',
      's1.heading',
      's1.step.0',
      's1.step.1',
      's2.do.0',
      's2.dont.0',
    ]);
  });

  it('gives a paragraph of several sentences one part', () => {
    const parts = lessonSpeech(
      lesson({ sections: [{ kind: 'text', text: 'Look. Then act.' }] }),
      (_kind, line) => line,
    );
    expect(parts.at(-1)).toEqual({ id: 's0.text', sentences: ['Look.', 'Then act.'] });
  });
});
