// A short excerpt of a post or comment for an outbox label: one line, at most 40 characters.
const EXCERPT_MAX = 40;

export function excerpt(text: string): string {
  const chars = Array.from(text.trim().replace(/\s+/g, ' '));
  return chars.length <= EXCERPT_MAX ? chars.join('') : `${chars.slice(0, EXCERPT_MAX - 1).join('')}…`;
}
