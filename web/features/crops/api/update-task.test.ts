// A task change waiting on the phone is shown over what the server last said.
import { describe, expect, it } from 'vitest';
import type { TTask } from '../../../../contract/crop-plans';
import { applyChange } from './update-task';

const task: TTask = {
  id: 7,
  farmId: 1,
  planId: 3,
  kind: 'weeding',
  title: null,
  round: 1,
  due: '2026-11-25',
  status: 'open',
  doneAt: null,
  note: null,
  assignee: null,
  recordedBy: null,
  plan: { crop: 'maize', plotName: 'Bas-fond' },
  farmName: 'Ferme',
};

describe('applyChange', () => {
  it('leaves a task without a waiting change as the server said', () => {
    expect(applyChange(task, undefined)).toBe(task);
  });

  it('shows the waiting status, and the member it was given to', () => {
    expect(applyChange(task, { status: 'done', doneAt: '2026-11-27' }).status).toBe('done');
    expect(applyChange(task, { assigneeId: 12 }).assignee?.id).toBe(12);
    expect(
      applyChange({ ...task, assignee: { id: 12, username: 'moussa' } }, { assigneeId: null }).assignee,
    ).toBe(null);
    // Given to the one who has it already: their name stays.
    const given = { ...task, assignee: { id: 12, username: 'moussa' } };
    expect(applyChange(given, { assigneeId: 12 }).assignee?.username).toBe('moussa');
  });
});
