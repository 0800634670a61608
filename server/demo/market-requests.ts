// Demo market: the buyers' open requests, each named in its market as a user's request would be.
import { HOUR_MS } from '../../contract/constants';
import type { Tx } from '../db/client';
import { commodityRequests } from '../marketplace/marketplace.schema';
import { OPEN_REQUESTS } from './market-data';
import { demoCents } from './money';

export async function seedOpenRequests(
  tx: Tx,
  run: { now: number; idOf: (username: string) => number; marketOf: (name: string) => string },
): Promise<void> {
  for (const [index, request] of OPEN_REQUESTS.entries()) {
    await tx.insert(commodityRequests).values({
      buyerId: run.idOf(request.buyer),
      commodityName: request.name,
      marketKey: run.marketOf(request.name),
      quantityKg: request.kg,
      targetPriceCents: demoCents(request.cents),
      grade: request.grade,
      description: index === 0 ? 'Fermented and sun-dried, for export.' : null,
      deliveryTimeline: request.timeline,
      createdAt: new Date(run.now - (index + 1) * 9 * HOUR_MS),
    });
  }
}
