import path from 'node:path';
import type { AppConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from './database.js';

/** PostgreSQL when DATABASE_URL is set, else the embedded database under DATA_DIR. */
export function openConfiguredDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'preparedStatements' | 'keepReads'>,
): Promise<DatabaseHandle> {
  const { preparedStatements, keepReads } = config;
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl, preparedStatements, keepReads })
    : openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db'), preparedStatements, keepReads });
}
