// The groups module's public face: discussion groups and co-operatives with their members and feed; a
// co-operative's stores, intakes into bulk lots, member credit, settlements paying each member's share, books,
// statements and broadcasts. It fills payments' hooks: a co-operative's seller payouts are pooled, and a member's
// payout settling is taken into the co-operative's books. Others import groups only through this file.
import { sellerCooperatives } from '../marketplace';
import type { ModuleDefinition } from '../module';
import { memberPayoutSettled, pooledPayee } from '../payments';
import { coopRoutes } from './coop.routes';
import { cooperativesOfAccounts, groupOfAccount } from './groups.repo';
import { groupsRoutes } from './groups.routes';
import { takeMemberPayout } from './share-payouts';

export const groupsModule: ModuleDefinition = {
  name: 'groups',
  routes: [groupsRoutes, coopRoutes],
  fills: [
    pooledPayee.fill(async (tx, userId) => (await groupOfAccount(tx, userId)) !== null),
    memberPayoutSettled.fill(takeMemberPayout),
    sellerCooperatives.fill(cooperativesOfAccounts),
  ],
};
export { membersCountedBy } from './admin-reach';
export {
  type PhoneCoop,
  type PhoneIntake,
  type PhoneOwed,
  type PhoneShare,
  phoneCoops,
  phoneIntakes,
  phoneOwed,
  phonePayouts,
} from './by-phone';
export { coopAccountsAdministeredBy, coopAdminIds, coopNames, coopParty } from './coop-party.repo';
export { groupFor } from './group-access';
export { collectionDayOf } from './hooks';
export { intakeTotalsOn } from './intakes.repo';
