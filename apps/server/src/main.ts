import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openConfiguredDatabase } from './db/open-configured-database.js';
import { migrateToLatest } from './db/migrator.js';
import { seedDemoData } from './db/seed/demo-seed.js';
import { exitGracefullyOnSignals } from './shutdown.js';
import { chooseStorage } from './transports/choose-transports.js';

async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  // Instances starting together on one database take turns to migrate, seed and set up.
  const app = await database.oneInstanceAtATime(async () => {
    await migrateToLatest(database.db);
    if (config.seedDemoData) {
      // The demo documents go where the portal will read them: the configured storage.
      await seedDemoData(database.db, chooseStorage(config));
    }
    return buildApp({ config, database });
  });

  exitGracefullyOnSignals(app, database, config.shutdownGraceSeconds * 1000);

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: database.backend, url: config.publicUrl }, 'portal ready');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
