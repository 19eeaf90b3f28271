/**
 * The two ceilings a call is measured against, each a Fastify server in a process of its own: a
 * bare route that answers at once (what HTTP alone costs on this machine), and a route that runs
 * one prepared, indexed 25-row read of a type's documents on the same PostgreSQL per request (what
 * HTTP and the database's least work for a list cost together). The portal's own calls cannot beat
 * the second; how close they come says what the portal adds.
 */
import { spawn } from 'node:child_process';

export interface CeilingProcess {
  url: string;
  stop(): void;
}

/** Reads 25 documents of a type by its (report_id, document_date) index, newest first, from a date on. */
export const CEILING_PAGE_SQL = `SELECT id, external_id, document_date, language, attributes, file_key, page_count
  FROM documents WHERE report_id = $1 AND document_date <= $2::date
  ORDER BY document_date DESC, id DESC LIMIT 25 OFFSET $3`;

async function startProcess(source: string, env: Record<string, string>): Promise<CeilingProcess> {
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env: { ...process.env, ...env } });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve(String(message)));
    child.once('exit', (code) => reject(new Error(`a ceiling exited with ${code}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

export function startBareRoute(): Promise<CeilingProcess> {
  return startProcess(
    `const app = require('fastify')(); app.get('/ping', async () => ({ ok: true }));
     app.listen({ port: 0, host: '127.0.0.1' }).then((url) => process.send(url));`,
    {},
  );
}

/**
 * The database ceiling: GET /page?type=<report id>&date=<YYYY-MM-DD>&offset=<n> runs the page's
 * read as a named statement (parsed and planned once per connection) through a pool of as many
 * connections as the portal's.
 */
export function startDatabaseCeiling(databaseUrl: string, maxConnections: number): Promise<CeilingProcess> {
  return startProcess(
    `const pg = require('pg');
     pg.types.setTypeParser(1082, (value) => value);
     const pool = new pg.Pool({ connectionString: process.env.CEILING_DATABASE_URL, max: Number(process.env.CEILING_CONNECTIONS) });
     const app = require('fastify')();
     app.get('/page', async (request) => {
       const { type, date, offset } = request.query;
       const { rows } = await pool.query({ name: 'ceiling_page', text: process.env.CEILING_SQL, values: [Number(type), date, Number(offset)] });
       return { success: true, Results: rows };
     });
     app.listen({ port: 0, host: '127.0.0.1' }).then((url) => process.send(url));`,
    { CEILING_DATABASE_URL: databaseUrl, CEILING_CONNECTIONS: String(maxConnections), CEILING_SQL: CEILING_PAGE_SQL },
  );
}
