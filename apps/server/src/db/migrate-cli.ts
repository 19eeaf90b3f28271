import { loadConfig } from '../config.js';
import { migrateToLatest } from './migrator.js';
import { openConfiguredDatabase } from './open-configured-database.js';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
// As a start-up migrates: one at a time, and past a transaction pooler if DATABASE_URL goes through one.
const applied = await database.oneInstanceAtATime((startUpDb) => migrateToLatest(startUpDb));
console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'Database already up to date.');
await database.close();
