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
  const app = await database.oneInstanceAtATime(async (startUpDb) => {
    await migrateToLatest(startUpDb);
    if (config.seedDemoData) {
      // The demo documents go where the portal will read them: the configured storage.
      await seedDemoData(database.db, chooseStorage(config));
    }
    return buildApp({ config, database });
  });

  exitGracefullyOnSignals(app, database, config.shutdownGraceSeconds * 1000);

  if (config.isProduction && config.trustedProxies === false) {
    // Not an error: an instance may face clients directly. Behind a proxy, every client would share its address.
    app.log.warn(
      "TRUSTED_PROXIES is unset: X-Forwarded-For is believed from nobody; behind a reverse proxy, set it to the proxy's address",
    );
  }
  await app.listen({ port: config.port, host: config.host });
  // On a port of its own, which the reverse proxy does not forward: Prometheus scrapes it on the private network.
  if (app.metricsServer) await app.metricsServer.listen({ port: config.metricsPort, host: config.host });
  app.log.info({ database: database.backend, url: config.publicUrl }, 'portal ready');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
