import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
    requestId: string;
    clientIp: string;
  }
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
