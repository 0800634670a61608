// Everything a signed-in user sees: layout, routes, live updates and the outbox's replay (its own chunk, not on the
// sign-in screen).
import type { TUser } from '../../contract/auth';
import { Layout } from './layout';
import { AppRoutes } from './routes';
import { useLiveEvents } from './use-live-events';
import { useOutboxReplay } from './use-outbox-replay';

export default function SignedInApp({ user }: { user: TUser }) {
  useLiveEvents(true);
  useOutboxReplay(user.id);
  return (
    <Layout user={user}>
      <AppRoutes user={user} />
    </Layout>
  );
}
