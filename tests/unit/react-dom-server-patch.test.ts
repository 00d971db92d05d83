import { createRequire } from "node:module";
import path from "node:path";
import { createElement, Suspense, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

type Server = typeof import("react-dom/server");
const require = createRequire(import.meta.url);
// The production build is the one the server runs and the one patches/react-dom+*.patch changes;
// the development build is React's own, unpatched, and writes the same markup.
const cjs = path.join(path.dirname(require.resolve("react-dom/package.json")), "cjs");
const patched = require(path.join(cjs, "react-dom-server.node.production.min.js")) as Server;
const unpatched = require(path.join(cjs, "react-dom-server.node.development.js")) as Server;

/** Renders until everything is ready, as app/entry.server.tsx does, and returns the writes it got. */
function render(server: Server, node: ReactNode): Promise<Uint8Array[]> {
  return new Promise((resolve, reject) => {
    const writes: Uint8Array[] = [];
    const { pipe } = server.renderToPipeableStream(node, {
      onAllReady() {
        const destination = {
          write(chunk: Uint8Array) {
            writes.push(chunk);
            return true;
          },
          end: () => resolve(writes),
          on: () => destination,
          once: () => destination,
          emit: () => true,
          removeListener: () => destination,
        };
        pipe(destination as unknown as NodeJS.WritableStream);
      },
      onShellError: reject,
    });
  });
}

/** A component that suspends once, like Remix's single-fetch data transfer. */
function later(text: string) {
  let value: string | undefined;
  const promise = new Promise<void>((resolve) =>
    setTimeout(() => {
      value = text;
      resolve();
    }, 5),
  );
  return function Later() {
    if (value === undefined) throw promise;
    return createElement("p", { "data-later": "" }, value);
  };
}

function table(cell: (i: number) => string) {
  const rows = Array.from({ length: 1500 }, (_, i) =>
    createElement(
      "tr",
      { key: i },
      createElement("td", null, createElement("input", { type: "checkbox", name: "ids", value: `id-${i}` })),
      createElement("td", null, cell(i)),
      createElement("td", { className: "x" }, i, " of ", 1500),
    ),
  );
  return createElement("table", null, createElement("tbody", null, rows));
}

const text = (writes: Uint8Array[]) => Buffer.concat(writes).toString("utf8");

describe("React's server renderer (patches/react-dom+*.patch)", () => {
  it("writes what renderToString writes, multibyte text intact", async () => {
    // React 18.3's own stream puts NUL bytes where a multibyte character meets a 2 KB boundary
    // (react/react#31134): Dutch names and "·" in titles are multibyte.
    const page = table((i) => `Zoë Ünal ${i} — 😀 <&> "quoted"`);
    const actual = text(await render(patched, page));
    expect(actual.length).toBeGreaterThan(100_000);
    expect(actual).toContain("Zoë Ünal 1499 — 😀 &lt;&amp;&gt; &quot;quoted&quot;");
    expect(actual).not.toContain("\u0000");
    expect(actual).toBe(renderToString(page));
  });

  it("waits for suspended parts and writes what React's own renderer writes", async () => {
    const page = () =>
      createElement(
        "div",
        null,
        table((i) => `Person ${i}`),
        createElement(Suspense, { fallback: createElement("p", null, "...") }, createElement(later("afterwards"))),
      );
    const actual = text(await render(patched, page()));
    expect(actual).toContain("afterwards");
    expect(actual).toBe(text(await render(unpatched, page())));
  });

  it("starts every render with an empty buffer, even after a write threw", async () => {
    // The patch keeps one module-wide string of pending text. If writing it to a response fails (a
    // socket closed under us), that text must not be handed to the next render, which may be another
    // tenant's page.
    const errors: unknown[] = [];
    await new Promise<void>((resolve) => {
      const { pipe } = patched.renderToPipeableStream(createElement("p", null, "Tenant A: Zoë's salary 4321"), {
        onAllReady() {
          const destination = {
            write() {
              throw new Error("socket closed");
            },
            end: () => undefined,
            on: () => destination,
            once: () => destination,
            emit: () => true,
            removeListener: () => destination,
            destroy: () => undefined,
          };
          pipe(destination as unknown as NodeJS.WritableStream);
          resolve();
        },
        onError: (error) => void errors.push(error),
        onShellError: () => resolve(),
      });
    });
    expect(errors.length).toBeGreaterThan(0);
    expect(errors).toContainEqual(new Error("socket closed"));

    const page = createElement("p", null, "Tenant B");
    const actual = text(await render(patched, page));
    expect(actual).not.toContain("Tenant A");
    expect(actual).toBe(renderToString(page));
  });

  it("hands the document over in a few large writes instead of 2 KB pieces", async () => {
    const writes = await render(
      patched,
      table((i) => `Person ${i}`),
    );
    const bytes = writes.reduce((sum, w) => sum + w.byteLength, 0);
    // Unpatched, React copies every small piece into 2 KB views: about bytes / 2048 writes.
    expect(writes.length).toBeLessThanOrEqual(Math.ceil(bytes / 65_536) + 3);
  });
});
