import path from 'node:path';
import type { AppConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from './database.js';

/** PostgreSQL when DATABASE_URL is set (with its read replicas, if any), else the embedded database under DATA_DIR. */
export function openConfiguredDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'preparedStatements' | 'readReplicas' | 'transactionPooler'>,
): Promise<DatabaseHandle> {
  const { preparedStatements, readReplicas, transactionPooler } = config;
  return config.databaseUrl
    ? openDatabase({
        kind: 'postgres',
        url: config.databaseUrl,
        transactionPooler,
        preparedStatements,
        readUrls: readReplicas.urls,
        maxReplicaLagSeconds: readReplicas.maxLagSeconds,
      })
    : openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db'), preparedStatements });
}
