// Client routes of the spec; each screen is its own chunk, and unknown paths show home.
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import type { TUser } from '../../contract/auth';
import { PageSpinner } from '../components/ui/spinner';

const DashboardPage = lazy(() =>
  import('../features/dashboard/components/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const MarketplacePage = lazy(() =>
  import('../features/marketplace/components/marketplace-page').then((m) => ({ default: m.MarketplacePage })),
);
const FarmsPage = lazy(() =>
  import('../features/farms/components/farms-page').then((m) => ({ default: m.FarmsPage })),
);
const NetworkPage = lazy(() =>
  import('../features/network/components/network-page').then((m) => ({ default: m.NetworkPage })),
);
const FinancialPage = lazy(() =>
  import('../features/financial/components/financial-page').then((m) => ({ default: m.FinancialPage })),
);
const UsersPage = lazy(() =>
  import('../features/users/components/users-page').then((m) => ({ default: m.UsersPage })),
);
const ProfilePage = lazy(() =>
  import('../features/profile/components/profile-page').then((m) => ({ default: m.ProfilePage })),
);
const CropsPage = lazy(() =>
  import('../features/placeholders/components/coming-soon-page').then((m) => ({ default: m.CropsPage })),
);
const EducationPage = lazy(() =>
  import('../features/placeholders/components/coming-soon-page').then((m) => ({ default: m.EducationPage })),
);

export function AppRoutes({ user }: { user: TUser }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path="/marketplace" component={MarketplacePage} />
        <Route path="/farms" component={FarmsPage} />
        <Route path="/crops" component={CropsPage} />
        <Route path="/network" component={NetworkPage} />
        <Route path="/financial" component={FinancialPage} />
        <Route path="/users" component={UsersPage} />
        <Route path="/education" component={EducationPage} />
        <Route path="/profile" component={ProfilePage} />
        <Route>
          <DashboardPage user={user} />
        </Route>
      </Switch>
    </Suspense>
  );
}
