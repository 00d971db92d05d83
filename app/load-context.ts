import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
    requestId: string;
    clientIp: string;
    /** The socket's peer address, never a forwarded one (loopback checks; app/utils/peer.server.ts). */
    socketAddress?: string;
    /**
     * Set by entry.server's handleError when a loader or action met an unreachable database, so that
     * server/app.ts answers a resource route's 500 as a 503 too (documents and data requests already are).
     */
    databaseUnavailable?: boolean;
  }
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
