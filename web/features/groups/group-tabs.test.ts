import { Users } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { type GroupTab, tabNamespaces } from './group-tabs';

function Empty() {
  return null;
}

const tab = (labelKey: string): GroupTab => ({
  id: labelKey,
  labelKey,
  icon: Users,
  visible: () => true,
  Component: Empty,
});

describe('tabNamespaces', () => {
  it('loads each namespace the tabs are named in once, the groups’ own first', () => {
    expect(
      tabNamespaces([
        tab('groups:tabs.feed'),
        tab('coop:tabs.intakes'),
        tab('coop:tabs.books'),
        tab('plain'),
      ]),
    ).toEqual(['groups', 'coop']);
  });
});
