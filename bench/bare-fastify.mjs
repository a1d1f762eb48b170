// The baseline of bench/site-call.ts and bench/signed-in-call.ts: a bare Fastify route answering the
// portal's own envelope from memory: no plugins, no logging, no validation. Plain JavaScript,
// loaded by Node itself (no TypeScript hooks).
import Fastify from 'fastify';

// The same bytes the portal answers (bench/site-call.ts passes them), so only the serving differs.
const body = process.env.BARE_BODY ?? JSON.stringify({ code: 200, message: '成功', data: { eid: 1001 } });

const app = Fastify({ logger: false });
app.get('/ping', async () => 'ok');
app.get('/gateway/system/api/website/view', async (_req, reply) => {
  reply.type('application/json; charset=utf-8');
  return body;
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => void app.close().then(() => process.exit(0)));
}
