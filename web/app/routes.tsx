// Client routes of the spec; each screen is its own chunk, and unknown paths show home.
import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import type { TUser } from '../../contract/auth';
import { PageSpinner } from '../components/ui/spinner';
import { screens } from './screens';

const DashboardPage = screens['/'].Component;

export function AppRoutes({ user }: { user: TUser }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path="/marketplace" component={screens['/marketplace'].Component} />
        <Route path="/farms" component={screens['/farms'].Component} />
        <Route path="/crops" component={screens['/crops'].Component} />
        <Route path="/network" component={screens['/network'].Component} />
        <Route path="/financial" component={screens['/financial'].Component} />
        <Route path="/users" component={screens['/users'].Component} />
        <Route path="/education" component={screens['/education'].Component} />
        <Route path="/profile" component={screens['/profile'].Component} />
        <Route>
          <DashboardPage user={user} />
        </Route>
      </Switch>
    </Suspense>
  );
}
