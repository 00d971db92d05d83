import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, type EntryContext, type HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { toLanguage } from "./utils/i18n";
import { getLanguage, requestI18n } from "./utils/i18n.server";
import { NonceProvider } from "./utils/nonce";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: { cspNonce?: string },
) {
  // Every translation is already in memory (sharedI18n); a clone only fixes the language of this request,
  // which the root loader has already detected (after any action of this request).
  const rootData = remixContext.staticHandlerContext.loaderData.root as { locale?: unknown } | undefined;
  const lng = toLanguage(typeof rootData?.locale === "string" ? rootData.locale : null) ?? (await getLanguage(request));
  const instance = requestI18n(lng);

  const nonce = loadContext.cspNonce;
  // Bots and no-JS readers get the whole document at once; browsers get the shell early.
  const readyEvent = isbot(request.headers.get("user-agent")) ? "onAllReady" : "onShellReady";

  return new Promise((resolve, reject) => {
    let didError = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ""}>
        <I18nextProvider i18n={instance}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: didError ? 500 : responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          didError = true;
          console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/** Unexpected errors are logged with the request id; the browser only sees the translated error page. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const requestId = request.headers.get("x-request-id") ?? "-";
  console.error(`[request ${requestId}] ${request.method} ${new URL(request.url).pathname}`, error);
};
