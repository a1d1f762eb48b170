import type http from 'node:http';
import type { Socket } from 'node:net';

/**
 * The server's connections and the requests each has in flight, so that a stop hangs up at once
 * every connection no request is using, and each other one as its last answer is written.
 *
 * Node's `closeIdleConnections` (Fastify's `forceCloseConnections: 'idle'`) ends only connections
 * that have finished a request. A connection that has not sent one yet (a browser's spare,
 * preconnected socket; undici opens one beside a request it aborts) counts as busy until Node's
 * headers time-out ends it: 60 s, checked every 30 s. A stop waited that long, or gave up at
 * SHUTDOWN_GRACE_MS and exited 1 ("Requests did not finish in time").
 */
export class ConnectionDrain {
  /** Each open connection and its requests in flight. */
  private readonly inFlight = new Map<Socket, number>();
  private draining = false;

  constructor(server: http.Server) {
    server.on('connection', (socket: Socket) => {
      this.inFlight.set(socket, 0);
      socket.once('close', () => this.inFlight.delete(socket));
      if (this.draining) hangUp(socket);
    });
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      const socket = req.socket;
      this.inFlight.set(socket, (this.inFlight.get(socket) ?? 0) + 1);
      res.once('close', () => {
        const before = this.inFlight.get(socket);
        if (before === undefined) return; // the connection is gone already
        const left = before - 1;
        this.inFlight.set(socket, left);
        if (this.draining && left === 0) hangUp(socket);
      });
    });
  }

  /** The server is stopping: connections without a request in flight end now, the others after their answer. */
  drain(): void {
    this.draining = true;
    for (const [socket, requests] of this.inFlight) if (requests === 0) hangUp(socket);
  }
}

/** Ends a connection once what was written to it is sent (a half-open client cannot keep it). */
function hangUp(socket: Socket): void {
  if (socket.destroyed) return;
  socket.end(() => socket.destroy());
}
