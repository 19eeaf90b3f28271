import path from 'node:path';
import type { AppConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from './database.js';

/** PostgreSQL when DATABASE_URL is set, else the embedded database under DATA_DIR. */
export function openConfiguredDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'preparedStatements'>): Promise<DatabaseHandle> {
  const { preparedStatements } = config;
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl, preparedStatements })
    : openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db'), preparedStatements });
}
