// The orders screen (/orders): purchases, sales, represented sales (agents, by farmer) or all orders (managers), by
// status.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import type { Role } from '../../../../contract/constants';
import { ORDER_STATUSES, type OrderStatus } from '../../../../contract/orders-constants';
import { chosenFarmer, FarmerFilter } from '../../../components/farmer-filter';
import { Select } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useRepresentedFarmers } from '../../../lib/queries/agent-links';
import { useUser } from '../../../lib/session';
import type { OrderSide } from '../api/get-orders';
import { LinkedOrder } from './linked-order';
import { OrderList } from './order-list';

/** The sides a role has orders on, the usual one first. */
function sidesFor(role: Role): OrderSide[] {
  switch (role) {
    case 'buyer':
      return ['buyer', 'seller'];
    case 'agent':
      return ['agent', 'seller', 'buyer'];
    case 'manager':
      return ['all', 'buyer', 'seller'];
    default:
      return ['seller', 'buyer'];
  }
}

const isStatus = (value: string): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value);

export function OrdersPage() {
  const { t } = useTranslation('orders');
  const user = useUser();
  // `?status=` filters the lists and `?order=` opens one order first (links from the operations view).
  const params = new URLSearchParams(useSearch());
  const linked = Number(params.get('order'));
  const [status, setStatus] = useState<OrderStatus | ''>(() => {
    const asked = params.get('status') ?? '';
    return isStatus(asked) ? asked : '';
  });
  // An agent narrows every side to one farmer they represent.
  const isAgent = user.data?.role === 'agent';
  const farmers = useRepresentedFarmers(isAgent);
  const [farmerChoice, setFarmerChoice] = useState('');
  const farmer = chosenFarmer(farmerChoice, farmers.data);
  if (!user.data) {
    return <PageSpinner />;
  }
  const sides = sidesFor(user.data.role);
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <div className="flex flex-wrap gap-3">
            {isAgent && farmers.data ? (
              <FarmerFilter
                id="orders-farmer"
                farmers={farmers.data}
                chosen={farmer}
                onChange={setFarmerChoice}
              />
            ) : null}
            <div className="flex flex-col gap-1">
              <label htmlFor="orders-status" className="text-sm font-medium text-stone-800">
                {t('list.status')}
              </label>
              <Select
                id="orders-status"
                value={status}
                onChange={(event) => setStatus(isStatus(event.target.value) ? event.target.value : '')}
              >
                <option value="">{t('list.allStatuses')}</option>
                {ORDER_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {t(`status.${value}`)}
                  </option>
                ))}
              </Select>
            </div>
          </div>
        }
      />
      {Number.isSafeInteger(linked) && linked > 0 ? <LinkedOrder orderId={linked} /> : null}
      <Tabs defaultValue={sides[0]}>
        <TabsList aria-label={t('title')} className="flex flex-wrap">
          {sides.map((side) => (
            <TabsTrigger key={side} value={side} className="min-h-10">
              {t(`sides.${side}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {sides.map((side) => (
          <TabsContent key={side} value={side}>
            <OrderList filter={{ side, status, farmer }} />
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}
