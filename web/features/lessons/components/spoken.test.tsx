// The sentence "Listen" says, highlighted where the lesson draws it: in a paragraph only that sentence, a "do"
// line (said with its label) whole; nothing marked when nothing is read.
import { describe, expect, it } from 'vitest';
import { draw, lesson } from '../lessons-test-kit';
import { lessonSpeech } from '../speech-text';
import { LessonSections } from './lesson-sections';
import { partStarts, ReadingProvider } from './spoken';

const shown = lesson({
  sections: [
    { kind: 'text', heading: 'What it looks like', text: 'Brown patches. They spread fast.' },
    { kind: 'do_dont', do: ['Stake the plants'], dont: ['Water the leaves'] },
  ],
});
const parts = lessonSpeech(shown, (kind, line) => `${kind}: ${line}`);
const sentence = (text: string) => parts.flatMap((part) => part.sentences).indexOf(text);

const drawReading = (current: number | null) =>
  draw(
    <ReadingProvider value={{ current, parts: partStarts(parts) }}>
      <LessonSections sections={shown.sections} />
    </ReadingProvider>,
  );

describe('Spoken', () => {
  it('marks the sentence being said inside its paragraph', async () => {
    const { html } = await drawReading(sentence('They spread fast.'));
    expect(html).toMatch(
      /<p[^>]*>Brown patches\. <mark[^>]*data-testid="lesson-reading">They spread fast\.<\/mark><\/p>/,
    );
    expect(html.match(/<mark/g)).toHaveLength(1);
  });

  it('marks a "do" line whole, though it is said with its label', async () => {
    const { html } = await drawReading(sentence('do: Stake the plants'));
    expect(html).toMatch(/<mark[^>]*>Stake the plants<\/mark>/);
  });

  it('marks nothing when nothing is read', async () => {
    const { html } = await drawReading(null);
    expect(html).not.toContain('<mark');
    expect(html).toContain(
      '<p class="whitespace-pre-line text-stone-800">Brown patches. They spread fast.</p>',
    );
  });
});
