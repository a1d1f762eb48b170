// `npm run media-server`: the self-hosted live ingest (decision 060, provider 2). A lecturer pushes
// RTMP from OBS to rtmp://<host>:<MEDIA_RTMP_PORT>/live with the room's stream key and the signed
// query the back office shows; learners play HTTP-FLV from http://<host>:<MEDIA_HTTP_PORT>/live/<key>.flv
// with the signed address the portal gives. node-media-server 4 checks both signatures with
// MEDIA_SERVER_SECRET, which must be the ingest secret of the enterprise's live settings (/crm/live).
//
//   MEDIA_SERVER_SECRET=… npm run media-server
//   (MEDIA_RTMP_PORT 1935, MEDIA_HTTP_PORT 8000, MEDIA_BIND 0.0.0.0, MEDIA_DATA_DIR ./data/media-server)
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import NodeMediaServer from 'node-media-server';

const secret = process.env.MEDIA_SERVER_SECRET ?? '';
if (secret.length < 16) {
  console.error('MEDIA_SERVER_SECRET must be set (16 characters or more): the ingest secret of the live settings.');
  process.exit(1);
}
const port = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    console.error(`${name} must be a port number`);
    process.exit(1);
  }
  return value;
};
const dataDir = path.resolve(process.env.MEDIA_DATA_DIR ?? 'data/media-server');
mkdirSync(dataDir, { recursive: true });

const server = new NodeMediaServer({
  bind: process.env.MEDIA_BIND ?? '0.0.0.0',
  // Signed play and publish only (`sign=<expires>-md5("/live/<key>-<expires>-<secret>")`).
  auth: { play: true, publish: true, secret },
  rtmp: { port: port('MEDIA_RTMP_PORT', 1935) },
  http: { port: port('MEDIA_HTTP_PORT', 8000) },
  // No web console and no REST API: the portal's back office manages rooms.
  webadmin: { enable: false },
  store: { path: dataDir },
});
server.run();
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
