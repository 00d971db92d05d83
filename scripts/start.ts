/**
 * `npm start`: everything on one machine. Builds when needed, uses DATABASE_URL or a built-in
 * PostgreSQL, migrates, loads demo data into an empty database, then runs the web server and the
 * job worker together until one of them stops or Ctrl+C.
 */
import path from "node:path";
import { prepareDatabase } from "./prepare-database";
import { buildIfStale, ProcessGroup, projectRoot } from "./processes";
import { networkBanner, startNetwork } from "./start-network";
import { buildWorkerIfStale, workerBundle, workerNodeArgs } from "./worker-build";

process.chdir(projectRoot);
const group = new ProcessGroup();
const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
const port = Number(process.env.PORT ?? 3000);
// Without SMTP the outbox holds reset links: then only this machine, unless HOST says otherwise (0600).
const network = startNetwork({ SMTP_URL: process.env.SMTP_URL, HOST: process.env.HOST });

try {
  await buildIfStale();
  await buildWorkerIfStale();
  const database = await prepareDatabase(dataDir, { onDatabaseGaveUp: () => void group.stop(1) });
  group.onStop(() => database.stop());

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: network.host,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    // One machine, no balancer to tell: Ctrl+C stops the web server without SHUTDOWN_DELAY_MS's wait (1810).
    SHUTDOWN_DELAY_MS: process.env.SHUTDOWN_DELAY_MS ?? "0",
    // Without SMTP, mail lands as .eml files in DATA_DIR/outbox; show them at /dev/outbox.
    ...(network.outbox ? { DEV_OUTBOX: "1" } : {}),
  };
  // Node itself with tsx's loader (not the tsx wrapper): a stop signal reaches the server's own drain (1773).
  group.start("web server", process.execPath, ["--import", "tsx", "server/index.ts"], env);
  group.start("worker", process.execPath, [...workerNodeArgs, workerBundle], env);

  const host = network.host === "0.0.0.0" || network.host === "::" ? "localhost" : network.host;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  if (await waitForHealth(`${url}/healthcheck`)) {
    console.log(
      [
        "",
        `  Ready: ${url}`,
        "  Demo logins: admin@demo.nl / Welkom!2026 (more in README.md)",
        ...networkBanner(network, url, path.join(dataDir, "outbox")),
        "  Stop with Ctrl+C.",
        "",
      ]
        .filter((line, index, lines) => line || index === 0 || index === lines.length - 1)
        .join("\n"),
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await group.stop(1);
}

async function waitForHealth(url: string, timeoutMs = 60_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !group.isStopping) {
    try {
      const response = await fetch(url);
      if (response.ok) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!group.isStopping) console.error(`${url} did not answer within ${timeoutMs / 1000} s.`);
  return false;
}
