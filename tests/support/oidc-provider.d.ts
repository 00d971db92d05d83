/** oidc-provider 9 ships no types; the tests use only this much of it. */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  type ClaimsAccount = { accountId: string; claims: () => Promise<Record<string, unknown>> };

  export default class Provider {
    constructor(
      issuer: string,
      configuration: Record<string, unknown> & {
        findAccount?: (ctx: unknown, id: string) => Promise<ClaimsAccount | undefined>;
      },
    );
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
