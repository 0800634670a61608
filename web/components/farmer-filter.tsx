// The farmer an agent's lists are narrowed to (orders, bids received): a select of the farmers they represent now,
// "All farmers" first. The server enforces the choice (`?farmer=`); this only offers the allowed ones.
import { useTranslation } from 'react-i18next';
import { Select } from './ui/input';

export interface FarmerChoice {
  id: number;
  username: string;
}

/** The farmer picked, while the agent still represents them; null (all farmers) otherwise, e.g. once a link ended. */
export function chosenFarmer(value: string, farmers: readonly FarmerChoice[] | undefined): number | null {
  const id = Number(value);
  return value !== '' && farmers?.some((f) => f.id === id) === true ? id : null;
}

export function FarmerFilter({
  id,
  farmers,
  chosen,
  onChange,
}: {
  id: string;
  farmers: readonly FarmerChoice[];
  chosen: number | null;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {t('farmerFilter.label')}
      </label>
      <Select
        id={id}
        value={chosen === null ? '' : String(chosen)}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{t('farmerFilter.all')}</option>
        {farmers.map((farmer) => (
          <option key={farmer.id} value={String(farmer.id)}>
            {farmer.username}
          </option>
        ))}
      </Select>
    </div>
  );
}
