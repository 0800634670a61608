// This week's window and a task's name.
import { describe, expect, it } from 'vitest';
import { endOfWeek, taskName, weekWindow } from './tasks';

describe('this week', () => {
  it('ends on the coming Sunday (weeks start on Monday), or today when today is Sunday', () => {
    expect(endOfWeek('2026-11-23')).toBe('2026-11-29');
    expect(endOfWeek('2026-11-27')).toBe('2026-11-29');
    expect(endOfWeek('2026-11-29')).toBe('2026-11-29');
    expect(endOfWeek('2026-12-30')).toBe('2027-01-03');
  });

  it('reaches back for overdue tasks within the server’s longest window', () => {
    const { from, to } = weekWindow('2026-11-27');
    expect(to).toBe('2026-11-29');
    expect(from < '2026-06-01').toBe(true);
    expect(Date.parse(to) - Date.parse(from)).toBeLessThanOrEqual(400 * 86_400_000);
  });
});

describe('taskName', () => {
  const t = (key: string, options?: Record<string, unknown>) =>
    `${key}${options ? JSON.stringify(options) : ''}`;
  it('is the farmer’s own title, else the kind with its round past the first', () => {
    expect(taskName({ kind: 'custom', title: 'Fix the fence', round: null }, t)).toBe('Fix the fence');
    expect(taskName({ kind: 'weeding', title: null, round: 1 }, t)).toBe('crops:task.kinds.weeding');
    expect(taskName({ kind: 'weeding', title: null, round: 2 }, t)).toBe(
      'crops:task.withRound{"name":"crops:task.kinds.weeding","round":2}',
    );
  });
});
