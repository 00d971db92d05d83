/** The part of unzipper (exceljs's own zip reader) that xlsx-guard.server.ts uses. */
declare module "unzipper" {
  import type { Duplex, Readable } from "node:stream";

  export interface Entry extends Readable {
    path: string;
    type: "File" | "Directory";
    autodrain(): unknown;
  }

  export function Parse(options?: { forceStream?: boolean }): Duplex & AsyncIterable<Entry>;
}
