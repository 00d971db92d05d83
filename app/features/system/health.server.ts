import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";

export async function checkDatabase(): Promise<boolean> {
  try {
    await getDb().execute(sql`select 1`);
    return true;
  } catch (error) {
    console.error("healthcheck: database unavailable", error);
    return false;
  }
}
