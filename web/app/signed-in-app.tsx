// Everything a signed-in user sees: layout, routes and live updates (its own chunk, not on the sign-in screen).
import type { TUser } from '../../contract/auth';
import { Layout } from './layout';
import { AppRoutes } from './routes';
import { useLiveEvents } from './use-live-events';

export default function SignedInApp({ user }: { user: TUser }) {
  useLiveEvents(true);
  return (
    <Layout user={user}>
      <AppRoutes user={user} />
    </Layout>
  );
}
