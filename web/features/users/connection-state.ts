// Where the viewer stands with another member: the network keeps one connection per pair, whoever asked, so any
// connection at all (connected, waiting either way, declined) means the directory must not offer "Connect" again.
import type { TConnections } from '../../../contract/network';

export type ConnectionState = 'connected' | 'sent' | 'received' | 'declined';

/** The viewer's connection with each member they have one with (any direction), by the member's id. */
export function connectionStates(connections: TConnections): Map<number, ConnectionState> {
  const states = new Map<number, ConnectionState>();
  for (const c of connections.following) {
    states.set(
      c.following.id,
      c.status === 'accepted' ? 'connected' : c.status === 'pending' ? 'sent' : 'declined',
    );
  }
  for (const c of connections.followers) {
    states.set(
      c.follower.id,
      c.status === 'accepted' ? 'connected' : c.status === 'pending' ? 'received' : 'declined',
    );
  }
  return states;
}
