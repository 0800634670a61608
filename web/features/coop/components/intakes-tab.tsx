// The Intakes tab: for a keeper (or an admin), the delivery form above every intake; for a member, their own
// deliveries, read-only.
import type { TGroup } from '../../../../contract/groups';
import { IntakeForm } from './intake-form';
import { IntakeList } from './intake-list';

export function IntakesTab({ group }: { group: TGroup }) {
  return (
    <div className="flex flex-col gap-4">
      {group.can.keep ? <IntakeForm group={group} /> : null}
      <IntakeList group={group} />
    </div>
  );
}
