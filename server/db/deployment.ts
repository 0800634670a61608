// What a deployment fixes at its first start: its currency. A later start with another one is refused, since every
// stored amount would change meaning.
import { eq } from 'drizzle-orm';
import type { Tx } from './client';
import { deploymentSettings } from './schema';

/** Records the currency on first start; throws (with what to do) when the database already has another. */
export async function keepCurrency(db: Tx, currency: string): Promise<void> {
  await db.insert(deploymentSettings).values({ key: 'currency', value: currency }).onConflictDoNothing();
  const [row] = await db
    .select({ value: deploymentSettings.value })
    .from(deploymentSettings)
    .where(eq(deploymentSettings.key, 'currency'));
  if (row && row.value !== currency) {
    throw new Error(
      `CURRENCY is ${currency}, but this database keeps its amounts in ${row.value}: start with CURRENCY=${row.value} ` +
        '(changing the currency of existing data would change what every amount means).',
    );
  }
}
