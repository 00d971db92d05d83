import { createRequire } from "node:module";
import { createElement, Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

// The CommonJS builds are the ones the server runs (packages without "exports" resolve to "main"), and
// the ones patches/@remix-run+server-runtime+*.patch, @remix-run+react+*.patch and turbo-stream+*.patch
// change (docs/decisions/0016).
const require = createRequire(import.meta.url);
type Reader = { read(): Promise<{ done: boolean; value?: Uint8Array }>; readSync?: unknown };
type Handoff = { getReader(): Reader };
const singleFetch = require("@remix-run/server-runtime/dist/single-fetch.js") as {
  encodeViaTurboStream(data: unknown, signal: AbortSignal, timeout: number | undefined, mode: string): Handoff;
  encodeDocumentHandoff?: (data: unknown, signal: AbortSignal, timeout: number | undefined, mode: string) => Handoff;
};
const { StreamTransfer } = require("@remix-run/react/dist/single-fetch.js") as {
  StreamTransfer: (props: Record<string, unknown>) => unknown;
};
const { UNSAFE_ErrorResponseImpl: ErrorResponse } = require("@remix-run/router") as {
  UNSAFE_ErrorResponseImpl: new (status: number, statusText: string, data: unknown) => unknown;
};

async function readAll(handoff: Handoff): Promise<string> {
  const reader = handoff.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value);
  return text;
}

const encodeDocumentHandoff = (data: unknown) => {
  expect(singleFetch.encodeDocumentHandoff, "the server-runtime patch is applied").toBeTypeOf("function");
  return singleFetch.encodeDocumentHandoff!(data, new AbortController().signal, undefined, "production");
};
const encodeViaTurboStream = (data: unknown) =>
  singleFetch.encodeViaTurboStream(data, new AbortController().signal, undefined, "production");

/** What a document hands to the browser: nested route data with the types loaders return. */
const state = {
  loaderData: {
    root: { locale: "nl", toast: null },
    "routes/_app+/_layout": {
      user: { displayName: "Jeroen d’Hondt · “HR”", email: "hr@demo.nl" },
      navigation: [{ key: "dashboard", items: [{ key: "dashboard", href: "/dashboard" }] }],
    },
    "routes/page": {
      when: new Date("2026-11-24T08:00:00.000Z"),
      rows: [{ id: 1, name: "Ümit </script><b>", tags: ["a", "a"], fte: 0.8, missing: undefined }],
      big: 12345678901234567890n,
      nothing: null,
      nan: Number.NaN,
    },
  },
  actionData: null,
  errors: { "routes/other": new ErrorResponse(404, "Not Found", "weg"), "routes/third": new Error("kapot") },
};

describe("the document's loader data handoff (patch, decision 0016)", () => {
  it("sends exactly the bytes of Remix's own stream, in one chunk and without a stream", async () => {
    const handoff = encodeDocumentHandoff(state);
    expect(handoff).not.toBeInstanceOf(ReadableStream);
    expect(await readAll(handoff)).toBe(await readAll(encodeViaTurboStream(state)));
    const reader = handoff.getReader();
    expect((await reader.read()).done).toBe(false);
    expect((await reader.read()).done).toBe(true);
    expect((await reader.read()).done).toBe(true);
  });

  it("falls back to Remix's stream for data with promises", async () => {
    const deferred = { loaderData: { "routes/page": { later: Promise.resolve("klaar"), now: 1 } } };
    const handoff = encodeDocumentHandoff(deferred);
    expect(handoff).toBeInstanceOf(ReadableStream);
    const again = { loaderData: { "routes/page": { later: Promise.resolve("klaar"), now: 1 } } };
    expect(await readAll(handoff)).toBe(await readAll(encodeViaTurboStream(again)));
  });

  it("renders the scripts in one pass: StreamTransfer does not suspend on a handoff known at once", () => {
    const handoff = encodeDocumentHandoff(state);
    const transfer = createElement(StreamTransfer as never, {
      context: { renderMeta: { didRenderScripts: true } },
      identifier: 0,
      reader: handoff.getReader(),
      textDecoder: new TextDecoder(),
      nonce: "n",
    });
    // renderToString shows a suspended boundary's fallback: with Remix's stream this would be "wacht".
    const html = renderToString(createElement(Suspense, { fallback: "wacht" }, transfer));
    expect(html).not.toContain("wacht");
    expect(html).toContain("window.__remixContext.streamController.enqueue(");
    expect(html).toContain("Jeroen d’Hondt");
    expect(html).not.toContain("</script><b>");
    expect(html).toContain("window.__remixContext.streamController.close();");
  });
});
