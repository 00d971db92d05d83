/** Helpers the test set-ups share to make throw-away databases next to the one DATABASE_URL names. */
import pg from "pg";

export function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ""));
  if (!name) throw new Error(`DATABASE_URL ${redact(url)} names no database`);
  return name;
}

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return parsed.toString();
}

/** The URL without its password, for messages. */
export function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/**
 * Drops `name` (closing its connections) and creates it again, empty or as a copy of `template`.
 * Runs on a connection to the database `baseUrl` names, or to `postgres` when that one does not exist.
 */
export async function recreateDatabase(baseUrl: string, name: string, template?: string): Promise<string> {
  if (name === databaseName(baseUrl))
    throw new Error(`Refusing to drop the database DATABASE_URL itself names (${name})`);
  const client = await connectForAdministration(baseUrl);
  try {
    const quoted = client.escapeIdentifier(name);
    await client.query(`drop database if exists ${quoted} with (force)`);
    const createSql = template
      ? `create database ${quoted} template ${client.escapeIdentifier(template)}`
      : `create database ${quoted}`;
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(createSql);
        break;
      } catch (error) {
        // 55006: "source database is being accessed by other users" while another worker copies it.
        if ((error as { code?: string }).code !== "55006" || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  } finally {
    await client.end();
  }
  return withDatabaseName(baseUrl, name);
}

export async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  const client = await connectForAdministration(baseUrl);
  try {
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
  } finally {
    await client.end();
  }
}

async function connectForAdministration(baseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: baseUrl });
  try {
    await client.connect();
    return client;
  } catch (error) {
    // 3D000: the named database does not exist; the maintenance database will do.
    if ((error as { code?: string }).code !== "3D000") throw error;
    const fallback = new pg.Client({ connectionString: withDatabaseName(baseUrl, "postgres") });
    await fallback.connect();
    return fallback;
  }
}
