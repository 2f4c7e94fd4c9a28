/** A loopback TCP relay to a server (PostgreSQL in the outage tests) that can be cut (its connections dropped, new ones refused) and opened again. */
import { connect, createServer, type Server, type Socket } from "node:net";

export interface TcpRelay {
  /** Listens on the relay's port, passing each connection through to the target (nothing more when it listens already). */
  open(): Promise<void>;
  /** Stops listening and drops every connection through it. */
  cut(): Promise<void>;
}

/** A relay on 127.0.0.1:`port` to `target`'s host and port (5432 when it names none). */
export function tcpRelay(target: URL, port: number): TcpRelay {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const keep = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    return socket;
  };
  return {
    open: () =>
      new Promise<void>((resolve) => {
        // Opened already: it stays as it is.
        if (server) return resolve();
        server = createServer((client) => {
          const upstream = keep(connect(Number(target.port || 5432), target.hostname));
          keep(client).pipe(upstream).pipe(client);
        }).listen(port, "127.0.0.1", () => resolve());
      }),
    cut: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        server = undefined;
        for (const socket of sockets) socket.destroy();
      }),
  };
}
