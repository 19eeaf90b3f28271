import { loadConfig } from '../../config.js';
import { chooseStorage } from '../../transports/choose-transports.js';
import { migrateToLatest } from '../migrator.js';
import { openConfiguredDatabase } from '../open-configured-database.js';
import { seedDemoData } from './demo-seed.js';

/** `npm run db:seed`: refuses production unless SEED_DEMO_DATA=true says so explicitly. */
const config = loadConfig();
if (config.isProduction && !config.seedDemoData) {
  console.error('Refusing to seed demo data with NODE_ENV=production; set SEED_DEMO_DATA=true to insist.');
  process.exit(1);
}
const database = await openConfiguredDatabase(config);
// As a start-up migrates: one at a time, and past a transaction pooler if DATABASE_URL goes through one.
await database.oneInstanceAtATime((startUpDb) => migrateToLatest(startUpDb));
const { seeded } = await seedDemoData(database.db, chooseStorage(config));
console.log(seeded ? 'Demo data seeded.' : 'Demo data already present; nothing to do.');
await database.close();
