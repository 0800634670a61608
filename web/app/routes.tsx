// Client routes of the spec; each screen is its own chunk, and unknown paths show home.
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import type { TUser } from '../../contract/auth';
import { PageSpinner } from '../components/ui/spinner';
import { loadScreen } from './screens';

const DashboardPage = lazy(() => loadScreen('/').then((m) => ({ default: m.DashboardPage })));
const MarketplacePage = lazy(() => loadScreen('/marketplace').then((m) => ({ default: m.MarketplacePage })));
const FarmsPage = lazy(() => loadScreen('/farms').then((m) => ({ default: m.FarmsPage })));
const NetworkPage = lazy(() => loadScreen('/network').then((m) => ({ default: m.NetworkPage })));
const FinancialPage = lazy(() => loadScreen('/financial').then((m) => ({ default: m.FinancialPage })));
const UsersPage = lazy(() => loadScreen('/users').then((m) => ({ default: m.UsersPage })));
const ProfilePage = lazy(() => loadScreen('/profile').then((m) => ({ default: m.ProfilePage })));
const CropsPage = lazy(() => loadScreen('/crops').then((m) => ({ default: m.CropsPage })));
const EducationPage = lazy(() => loadScreen('/education').then((m) => ({ default: m.EducationPage })));

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
