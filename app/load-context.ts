import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
    requestId: string;
    clientIp: string;
    /** The socket's peer address, never a forwarded one (loopback checks; app/utils/peer.server.ts). */
    socketAddress?: string;
  }
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
