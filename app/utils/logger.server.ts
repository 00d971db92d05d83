/**
 * The one logger of every process (web, job worker, scripts): pino, one JSON object per line (info and below on
 * stdout, warn and above on stderr)
 * (docs/decisions/1511). Each line carries the request id, and in the worker the job id and queue, of the work
 * it belongs to, from `withLogContext` — the web server opens one context per request (server/app.ts), the
 * worker one per job (jobs/worker.ts), with the request id that enqueued the job.
 *
 * Never personal data or secrets: known secret fields are redacted by path, and every line is scrubbed of
 * anything that looks like an e-mail address on its way out (an error message may quote one). Requests are
 * logged by their route pattern, never their URL (a path or query may hold a token).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";

export type LogContext = { requestId?: string; jobId?: string; queue?: string };

// The server and the Remix build load this file as two module copies: the context hangs on globalThis.
const STORAGE = Symbol.for("teamontwikkeling.log-context");
const registry = globalThis as { [STORAGE]?: AsyncLocalStorage<LogContext> };
const storage = (registry[STORAGE] ??= new AsyncLocalStorage<LogContext>());

/** Runs `work` with `context` added to every log line written meanwhile (and to jobs it enqueues). */
export function withLogContext<T>(context: LogContext, work: () => T): T {
  return storage.run({ ...storage.getStore(), ...context }, work);
}

/** The request id of the work in progress, if any: a job enqueued now carries it (jobs/enqueue.server.ts). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** An incoming X-Request-Id is kept when it is short and plain (letters, digits, `._:-`), else replaced. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export function saneRequestId(incoming: string | undefined): string | undefined {
  return incoming && SANE_REQUEST_ID.test(incoming) ? incoming : undefined;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/** A log line with every e-mail address replaced: the last guard, whatever a message or error quoted. */
export function scrubLine(line: string): string {
  return line.replace(EMAIL, "[email]");
}

/** Fields never written, wherever they appear in a logged object (pino's redact paths). */
export const redactPaths = [
  "password",
  "*.password",
  "token",
  "*.token",
  "secret",
  "*.secret",
  "email",
  "*.email",
  "cookie",
  "*.cookie",
  "authorization",
  "*.authorization",
  "headers.cookie",
  "headers.authorization",
  'headers["set-cookie"]',
  "req.headers.cookie",
  "req.headers.authorization",
];

function level(): string {
  if (process.env.LOG_LEVEL) return process.env.LOG_LEVEL;
  // Test runs print only what needs attention; their own servers' access lines are noise.
  return process.env.VITEST ? "warn" : "info";
}

/**
 * LOG_FORMAT=pretty (the default in development on a terminal): the same lines as `time LEVEL message key=value`
 * for a person; JSON otherwise.
 */
function prettyWanted(): boolean {
  if (process.env.LOG_FORMAT) return process.env.LOG_FORMAT === "pretty";
  return process.env.NODE_ENV === "development" && Boolean(process.stdout.isTTY);
}

const pretty = {
  write(line: string) {
    const { time, level: name, msg, pid: _pid, ...rest } = JSON.parse(line) as Record<string, unknown>;
    const extra = Object.entries(rest)
      .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)
      .join(" ");
    const out = name === "warn" || name === "error" || name === "fatal" ? process.stderr : process.stdout;
    out.write(`${String(time).slice(11, 23)} ${String(name).toUpperCase().padEnd(5)} ${msg ?? ""} ${extra}\n`);
  },
};

/** Lines below `warn` to stdout, `warn` and above to stderr (where test runners and supervisors show them). */
function standardStreams(): pino.DestinationStream {
  return pino.multistream(
    [
      { level: "trace", stream: pino.destination({ dest: 1, sync: true }) },
      { level: "warn", stream: pino.destination({ dest: 2, sync: true }) },
    ],
    { dedupe: true },
  );
}

/**
 * Errors as pino serialises them, without a failed query's parameters: Drizzle puts them in `params` and in the
 * message ("Failed query: … params: …"), and they may be a password hash, a token or a name.
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const serialized = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  const strip = (value: unknown) =>
    typeof value === "string" ? value.replace(/\nparams: [^\n]*/g, "\nparams: [redacted]") : value;
  const clean = (object: Record<string, unknown>) => {
    delete object.params;
    object.message = strip(object.message);
    object.stack = strip(object.stack);
  };
  clean(serialized);
  return serialized;
}

/** The logger as configured here; tests hand it their own destination. */
export function createLogger(destination?: pino.DestinationStream): pino.Logger {
  const options: pino.LoggerOptions = {
    level: level(),
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: redactPaths, censor: "[redacted]" },
    serializers: { err: serializeError },
    mixin: () => ({ ...storage.getStore() }),
    hooks: { streamWrite: scrubLine },
  };
  return pino(options, destination ?? (prettyWanted() ? pretty : standardStreams()));
}

// One logger per process, shared by the server's and the Remix build's copy of this module.
const LOGGER = Symbol.for("teamontwikkeling.logger");
const holder = globalThis as { [LOGGER]?: pino.Logger };
export const logger: pino.Logger = (holder[LOGGER] ??= createLogger());
