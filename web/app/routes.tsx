// Client routes of the spec; each screen is its own chunk, and unknown paths show home.
import { Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import type { TUser } from '../../contract/auth';
import { PageSpinner } from '../components/ui/spinner';
import { LoadBoundary } from './load-boundary';
import { type ScreenPath, screens } from './screens';

const DashboardPage = screens['/'].Component;
const PATHS = (Object.keys(screens) as ScreenPath[]).filter((path) => path !== '/');

export function AppRoutes({ user }: { user: TUser }) {
  const [location] = useLocation();
  return (
    <LoadBoundary resetKey={location}>
      <Suspense fallback={<PageSpinner />}>
        <Switch>
          {PATHS.map((path) => (
            <Route key={path} path={path} component={screens[path].Component} />
          ))}
          <Route>
            <DashboardPage user={user} />
          </Route>
        </Switch>
      </Suspense>
    </LoadBoundary>
  );
}
