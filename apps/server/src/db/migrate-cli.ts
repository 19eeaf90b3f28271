import { loadConfig } from '../config.js';
import { migrateToLatest } from './migrator.js';
import { openConfiguredDatabase } from './open-configured-database.js';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
const applied = await migrateToLatest(database.db);
console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'Database already up to date.');
await database.close();
