/**
 * `npm start`'s built-in PostgreSQL, supervised like the web server and the worker (issue 33): when the
 * server process dies (a crash, the OOM killer, `kill -9`), it is started again on the same data and port,
 * so the URL the app holds stays valid and pages answer 503 only while it is down. Same backoff and give-up
 * rule as the ProcessGroup's children (`restartDelay`).
 */
import { startEmbeddedPostgres, type EmbeddedPostgres, type EmbeddedPostgresOptions } from "./embedded-postgres";
import { defaultRestartPolicy, restartDelay, type RestartPolicy } from "./processes";

export type SupervisedPostgres = {
  url: string;
  /** The running server's postmaster pid (changes with each restart). */
  readonly pid: number | undefined;
  stop(): Promise<void>;
};

export type SupervisionOptions = {
  restart?: Partial<RestartPolicy>;
  /** Called once when the server keeps dying (more than `maxCrashesInARow` times without a stable run). */
  onGiveUp?: () => void;
  log?: (message: string) => void;
};

export async function superviseEmbeddedPostgres(
  options: EmbeddedPostgresOptions & { persistent: true; dataDir: string },
  { restart = {}, onGiveUp, log = (message) => console.error(message) }: SupervisionOptions = {},
): Promise<SupervisedPostgres> {
  const policy = { ...defaultRestartPolicy, ...restart };
  let server: EmbeddedPostgres = await startEmbeddedPostgres(options);
  const url = server.url;
  const port = Number(new URL(url).port);
  const state = { crashesInARow: 0 };
  let stopping = false;
  let wake: (() => void) | undefined;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const watch = (current: EmbeddedPostgres, startedAt: number) => {
    void current.exited.then(() => restartAfterCrash(Date.now() - startedAt));
  };

  async function restartAfterCrash(ranMs: number): Promise<void> {
    for (let ran = ranMs; !stopping; ran = 0) {
      const delay = restartDelay(policy, state, ran);
      if (delay === undefined) {
        log(`The built-in PostgreSQL stopped ${state.crashesInARow - 1} times in a row; giving up.`);
        onGiveUp?.();
        return;
      }
      log(`The built-in PostgreSQL stopped; starting it again in ${Math.round(delay / 100) / 10} s.`);
      await wait(delay);
      if (stopping) return;
      try {
        server = await startEmbeddedPostgres({ ...options, port });
        log("The built-in PostgreSQL runs again.");
        watch(server, Date.now());
        return;
      } catch (error) {
        // E.g. the dead server's backends still hold its shared memory: counted as a crash, tried again later.
        log(error instanceof Error ? error.message : String(error));
      }
    }
  }

  watch(server, Date.now());
  return {
    url,
    get pid() {
      return server.pid;
    },
    async stop() {
      stopping = true;
      wake?.();
      await server.stop();
    },
  };
}
