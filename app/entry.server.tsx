import { EventEmitter } from "node:events";
import { type EntryContext, type HandleDataRequestFunction, type HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import {
  databaseUnavailableDataResponse,
  databaseUnavailableResponse,
  noteDatabaseUnavailable,
  wasDatabaseUnavailable,
} from "./utils/database-unavailable.server";
import { toLanguage } from "./utils/i18n";
import { getLanguage, requestI18n } from "./utils/i18n.server";
import { NonceProvider } from "./utils/nonce";
import { logger } from "~/utils/logger.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: { cspNonce?: string },
) {
  // A loader or action could not reach the database: 503 and a short page, not the error page (0611).
  if (wasDatabaseUnavailable(request)) return databaseUnavailableResponse(request);
  // Every translation is already in memory (sharedI18n); a clone only fixes the language of this request,
  // which the root loader has already detected (after any action of this request).
  const rootData = remixContext.staticHandlerContext.loaderData.root as { locale?: unknown } | undefined;
  const lng = toLanguage(typeof rootData?.locale === "string" ? rootData.locale : null) ?? (await getLanguage(request));
  const instance = requestI18n(lng);

  const nonce = loadContext.cspNonce;
  // No route defers data, so nothing would arrive later than the rest: the whole document is rendered
  // into memory and sent as one body (docs/decisions/0013), instead of ~2 KB chunks through three streams.
  return new Promise<Response>((resolve, reject) => {
    let didError = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ""}>
        <I18nextProvider i18n={instance}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          clearTimeout(timeout);
          const collector = new DocumentCollector((body) => {
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            responseHeaders.set("Content-Length", String(body.byteLength));
            // A Buffer is a Uint8Array; TypeScript's DOM types only want to know which kind of ArrayBuffer.
            resolve(
              new Response(body as Uint8Array<ArrayBuffer>, {
                headers: responseHeaders,
                status: didError ? 500 : responseStatusCode,
              }),
            );
          });
          pipe(collector as unknown as NodeJS.WritableStream);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          didError = true;
          logger.error({ err: error }, "rendering the document failed");
        },
      },
    );
    // React starts rendering on the next turn, so the callbacks above never run before this line.
    const timeout = setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * What React's `pipe` needs of a destination (write, end, events), collecting the document in memory.
 * A full `Writable` would add its buffering and callbacks to each chunk for nothing.
 */
class DocumentCollector extends EventEmitter {
  private chunks: Uint8Array[] = [];
  private ended = false;
  constructor(private onEnd: (body: Buffer) => void) {
    super();
  }
  write(chunk: Uint8Array | string): boolean {
    this.chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
    return true;
  }
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.onEnd(Buffer.concat(this.chunks));
  }
}

/** Unexpected errors are logged with the request id; the browser only sees the translated error page. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (noteDatabaseUnavailable(error, request)) {
    context.databaseUnavailable = true;
    return;
  }
  // The request id comes with the log context (server/app.ts); the path is not logged (it may hold a token).
  logger.error({ err: error, method: request.method }, "request failed");
};

/** Client-side navigations and posts while the database is unreachable load the page as a document (503). */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) =>
  wasDatabaseUnavailable(request) ? databaseUnavailableDataResponse(request) : response;
