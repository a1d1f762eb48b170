import { DEMO_ACCOUNTS, DEMO_ADMINS, DEMO_PASSWORD, DEMO_TENANTS } from '@portal/db';
import { loadConfig } from './platform/config.ts';
import { startDatabase } from './platform/database.ts';
import { Housekeeping } from './platform/housekeeping.ts';
import { buildApp } from './platform/http.ts';
import { createPlatform } from './platform/platform.ts';
import { uploadServiceOf } from './modules/upload/upload.service.ts';
import { mountWeb } from './platform/web.ts';

/**
 * `npm start`: settings, database (embedded unless DATABASE_URL), migrations, demo data, then the
 * gateway and the server-rendered web app on one port, then the background jobs. Ctrl-C or
 * SIGTERM stops cleanly: requests, then jobs (a running one finishes or is tried again after the
 * next start), then the database.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const say = (msg: string) => process.stdout.write(`${msg}\n`);
  // The embedded database is restarted when it stops; when it stays down, the portal stops with a
  // clear line and exit code 1, so that its supervisor (systemd, a container) starts it again.
  let stop: (signal: string, code?: number) => Promise<void> = async () => process.exit(1);
  const runtime = await startDatabase(config, say, {
    onLost: (err) => {
      say(`${err.message}`);
      say('The database cannot be restarted: stopping the portal (exit code 1) so that its supervisor restarts it.');
      void stop('database lost', 1);
    },
  });
  const platform = await createPlatform(config, runtime.database);
  const app = await buildApp(platform);
  const web = await mountWeb(app, platform);
  const housekeeping = new Housekeeping(runtime.database.db, uploadServiceOf(platform), app.log);

  let stopping = false;
  stop = async (signal: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    say(`\n${signal}: finishing requests in flight and stopping…`);
    const timer = setTimeout(() => {
      say('Requests did not finish in time; stopping anyway.');
      void runtime.stop().finally(() => process.exit(1));
    }, config.SHUTDOWN_GRACE_MS);
    timer.unref();
    try {
      await app.close();
      // Half the grace time: a job still running then is failed, to be tried again after the next start.
      await platform.jobs.stop(config.SHUTDOWN_GRACE_MS / 2);
      await housekeeping.stop();
      await runtime.stop();
      say('Stopped.');
      process.exit(code);
    } catch (err) {
      say(`Stopping failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  // After listening: the schema check and workers do not hold up the first requests (a job sent
  // meanwhile waits for the queues).
  await platform.jobs.start();
  housekeeping.start(config.HOUSEKEEPING_INTERVAL_MS);
  // Every site's theme CSS made now, not by its first visitor (stored under DATA_DIR: a restart
  // extracts only themes it has not seen). A failure leaves the theme to its first page.
  web
    .prewarmThemes()
    .then((n) => n > 0 && app.log.info(`theme CSS extracted for ${n} theme(s)`))
    .catch((err: unknown) => app.log.warn({ err }, 'theme CSS prewarm failed'));
  if (config.DEV_PROVIDERS) {
    say('');
    say('DEV_PROVIDERS is on (demo): SMS codes are readable by anyone through the dev outbox, and DingTalk,');
    say('WeChat and WeCom without credentials are played by stand-in pages. Never use this for real learners.');
  }
  const port = config.PORT;
  say('');
  say(`The portal is running at http://localhost:${port}  (API docs: http://localhost:${port}/gateway/docs)`);
  if (runtime.embedded) say(`Database: embedded PostgreSQL, data in ${config.DATA_DIR}/postgres`);
  else say('Database: DATABASE_URL');
  if (config.SEED_DEMO_DATA) {
    say('');
    say('Demo sites (each host reaches its own enterprise; or add ?eid=<id> on localhost):');
    for (const t of DEMO_TENANTS) {
      const address = `http://${t.host}:${port}/${t.lang === 'en' ? 'en/home' : ''}`;
      say(`  ${address.padEnd(36)} eid ${t.eid}  ${t.name}`);
    }
    if (runtime.seeded.length) say(`  (demo data created for ${runtime.seeded.join(', ')})`);
    say('');
    say(`Demo accounts (password ${DEMO_PASSWORD}; sign in with the phone, or the employee number on its site):`);
    for (const a of [...DEMO_ACCOUNTS, ...DEMO_ADMINS]) {
      say(
        `  ${a.phone}  ${(a.employeeNo ?? '-').padEnd(5)}  enterprises ${a.eids.join(', ').padEnd(10)}  ${a.name}${a.isAdmin ? ' (administrator)' : ''}`,
      );
    }
    say("Administrators open the back office at /crm (the header's 管理后台 button).");
    if (config.SMS_PROVIDER === 'dev') say('SMS codes are not sent: they appear in this log (dev SMS provider).');
  }
  say('');
  say('Press Ctrl-C to stop.');
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
