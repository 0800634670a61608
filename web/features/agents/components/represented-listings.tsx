// The listings of the farmers an agent represents, with the way to list for one of them on the marketplace.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/spinner';
import { queryErrorText } from '../../../lib/api-client';
import { formatMoney, numberFormat } from '../../../lib/format';
import { useRepresentedListings } from '../api/get-represented-listings';

export function RepresentedListings() {
  const { t, i18n } = useTranslation('agents');
  const listings = useRepresentedListings();
  const lang = i18n.language;
  const tons = (value: number) => numberFormat(lang, { maximumFractionDigits: 3 }).format(value);
  return (
    <Card className="mb-6">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('listings.title')}</CardTitle>
        <Button asChild size="sm" variant="secondary">
          <Link href="/marketplace">{t('listings.listOnMarket')}</Link>
        </Button>
      </CardHeader>
      <CardContent>
        {listings.isPending ? (
          <PageSpinner />
        ) : listings.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t('loadError')} ({queryErrorText(listings.error)})
          </p>
        ) : listings.data.length === 0 ? (
          <p className="text-sm text-stone-600">{t('listings.empty')}</p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {listings.data.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                <div>
                  <p className="flex flex-wrap items-center gap-2 font-medium text-stone-900">
                    {c.name}
                    <Badge variant="outline">{t('listings.grade', { grade: c.grade })}</Badge>
                    <Badge variant={c.status === 'available' ? 'default' : 'secondary'}>
                      {t(`listingStatus.${c.status}`)}
                    </Badge>
                  </p>
                  <p className="text-stone-700">
                    {t('listings.line', {
                      farmer: c.sellerUsername,
                      quantity: tons(c.quantity),
                      price: formatMoney(c.price, lang),
                    })}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
