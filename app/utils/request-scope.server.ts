import { AsyncLocalStorage } from "node:async_hooks";

/**
 * A memo that lives for one HTTP request, shared by its action, its loaders and the document render.
 *
 * Remix hands every loader and action its own copy of the Request (server-runtime strips the `index`
 * and `_routes` parameters into a new Request), so a WeakMap keyed on the Request object never lets the
 * root, layout and page loaders share the session lookup. server/web.ts opens a scope around each
 * request instead (docs/decisions/0009). The server and the Remix build load this file as two separate
 * module copies, so the storage itself hangs on globalThis under a registered symbol.
 */
type Scope = Map<string, unknown>;

const STORAGE = Symbol.for("teamontwikkeling.request-scope");
const registry = globalThis as { [STORAGE]?: AsyncLocalStorage<Scope> };
const storage = (registry[STORAGE] ??= new AsyncLocalStorage<Scope>());

/** Runs one request's handling inside a fresh scope. */
export function runInRequestScope<T>(handle: () => T): T {
  return storage.run(new Map(), handle);
}

// Outside a scope (tests that call a loader directly) each Request object is its own scope.
const unscoped = new WeakMap<Request, Scope>();

function scopeFor(request: Request): Scope {
  const scope = storage.getStore();
  if (scope) return scope;
  let own = unscoped.get(request);
  if (!own) {
    own = new Map();
    unscoped.set(request, own);
  }
  return own;
}

/**
 * `compute()` once per request for `key`. The method is part of the key: the loaders that run after an
 * action (GET) see what the action (POST) changed, and never its memo.
 */
export function memoPerRequest<T>(request: Request, key: string, compute: () => T): T {
  const scope = scopeFor(request);
  const scoped = `${request.method} ${key}`;
  if (!scope.has(scoped)) scope.set(scoped, compute());
  return scope.get(scoped) as T;
}

/**
 * A value a loader or action leaves for the code that sends the answer (server/app.ts), such as the
 * replacement token of a bearer session (docs/decisions/1651). Only inside a request scope.
 */
export function leaveForAnswer(key: string, value: string): void {
  storage.getStore()?.set(`answer ${key}`, value);
}

/** What leaveForAnswer left in the current request's scope. */
export function leftForAnswer(key: string): string | undefined {
  return storage.getStore()?.get(`answer ${key}`) as string | undefined;
}
