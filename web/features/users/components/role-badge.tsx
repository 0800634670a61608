// A role label with one colour per role.
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../../contract/constants';

const COLOURS: Record<Role, string> = {
  farmer: 'bg-green-100 text-green-900',
  buyer: 'bg-sky-100 text-sky-900',
  agent: 'bg-amber-100 text-amber-900',
  delivery: 'bg-violet-100 text-violet-900',
  manager: 'bg-rose-100 text-rose-900',
};

export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <span
      data-role={role}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${COLOURS[role]}`}
    >
      {t(`roles.${role}`)}
    </span>
  );
}
