import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";

/** At most this much of the body reaches the multipart parser at once. */
const PIECE_BYTES = 16 * 1024;

/**
 * Remix's multipart parsing, with the body handed to it in pieces of 16 KB. Its parser
 * (@web3-storage/multipart-parser 1.0) passes every line-separated token of one incoming chunk as a
 * separate argument of one call, so a chunk with some 60,000 line ends overflows the stack; server/edge.ts
 * hands a body on as one chunk, and a CSV of 30,000 rows has that many (docs/decisions/1450).
 */
export function parseMultipartFormData(request: Request, handler: UploadHandler): Promise<FormData> {
  const pieces = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      for (let i = 0; i < chunk.length; i += PIECE_BYTES) controller.enqueue(chunk.subarray(i, i + PIECE_BYTES));
    },
  });
  const body = request.body?.pipeThrough(pieces) ?? null;
  const init = { method: request.method, headers: request.headers, body, duplex: "half" } as RequestInit;
  return unstable_parseMultipartFormData(new Request(request.url, init), handler);
}
