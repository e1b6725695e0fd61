/**
 * `npm run vip:renew-due`: emits the local payment provider's renewals that have fallen due, in the configured
 * database (`DATA_DIR` / `DATABASE_URL`, and the same `LOCAL_PAYMENT_SECRET`), as the server does every hour. Each
 * renewal is a signed `invoice.paid` with a fixed id per (subscription, period): running it twice, or beside the
 * server, renews each period once. Prints the counts; exits 1 when a renewal failed. With PAYMENT_PROVIDER=stripe
 * there is nothing to do: Stripe renews its own subscriptions.
 */
import { cliLog } from '../../cli-log';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrator';
import { createServices } from '../../services';

const config = loadConfig();
const db = await openDatabase(config.database);
let failed = 0;
try {
  await migrateToLatest(db);
  const services = await createServices(db, config, cliLog);
  try {
    if (config.payment.provider !== 'local') {
      console.log(`PAYMENT_PROVIDER=${config.payment.provider}: the provider renews its own subscriptions`);
    } else {
      const run = await services.vip.renewDue();
      console.log(`${run.due} due: ${run.renewed} renewed, ${run.failed} failed`);
      failed = run.failed;
    }
  } finally {
    await services.close();
  }
} finally {
  await db.close();
}
if (failed > 0) process.exitCode = 1;
