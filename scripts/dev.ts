/**
 * `npm run dev`: the same database preparation as `npm start`, then `remix dev` (rebuilds and
 * reloads the app on changes) and the job worker, restarted by `tsx watch` when its code changes.
 */
import path from "node:path";
import { prepareDatabase } from "./prepare-database";
import { bin, ProcessGroup, projectRoot } from "./processes";

process.chdir(projectRoot);
const group = new ProcessGroup();
const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");

try {
  const database = await prepareDatabase(dataDir, { onDatabaseGaveUp: () => void group.stop(1) });
  group.onStop(() => database.stop());

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "development",
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    // remix dev splits its -c command on spaces (no quoting), so find tsx through PATH.
    PATH: [path.join(projectRoot, "node_modules", ".bin"), process.env.PATH].filter(Boolean).join(path.delimiter),
  };
  group.start("remix dev", bin("remix"), ["dev", "-c", "tsx server/index.ts"], env);
  group.start("worker", bin("tsx"), ["watch", "--clear-screen=false", "jobs/worker.ts"], env);
  console.log(`\n  Demo logins: admin@demo.nl / Welkom!2026 (more in README.md). Mail: /dev/outbox\n`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await group.stop(1);
}
