import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { action as eraseAction, loader as eraseLoader } from "~/routes/_app+/personnel+/user.$id.erase";
import { context, getRequest, run, unwrapData } from "./http";
import { postForm } from "./org";

/** Every text-like column of every table ("table.column") whose value contains one of the markers. */
export async function columnsHolding(markers: readonly string[]): Promise<string[]> {
  const db = getDb();
  const columns = await db.execute<{ table_name: string; column_name: string }>(sql`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and (c.data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY'))`);
  const found: string[] = [];
  const list = sql`${`{${markers.map((m) => `"${m}"`).join(",")}}`}::text[]`;
  for (const { table_name, column_name } of columns.rows) {
    const hits = await db.execute<{ marker: string }>(sql`select marker from unnest(${list}) marker where exists
      (select 1 from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ilike '%' || marker || '%')`);
    for (const { marker } of hits.rows) found.push(`${table_name}.${column_name}: ${marker}`);
  }
  return found;
}

/** The erase form posted for a membership (confirmed unless other fields are given), as the route answers it. */
export const erase = (membershipId: string, cookie: string, fields: Record<string, string> = { confirm: "on" }) =>
  run(() =>
    eraseAction({
      request: postForm(`/personnel/user/${membershipId}/erase`, fields, cookie),
      context: context(),
      params: { id: membershipId },
    }),
  );

/** The confirm page of an erasure, as its loader answers it. */
export const confirmPage = (membershipId: string, cookie: string) =>
  run(() =>
    eraseLoader({
      request: getRequest(`/personnel/user/${membershipId}/erase`, cookie),
      context: context(),
      params: { id: membershipId },
    }),
  );

/** The reasons the confirm page gives why this person cannot be erased now (none: the form is shown). */
export async function refusalsOnPage(membershipId: string, cookie: string): Promise<string[]> {
  return (unwrapData(await confirmPage(membershipId, cookie)).data as { refusals: string[] }).refusals;
}

/** The unfinished reviews the confirm page names under its refusals ("name (team)"; peer rounds marked). */
export async function reviewsNamedOnPage(membershipId: string, cookie: string): Promise<string[]> {
  const { openReviews } = unwrapData(await confirmPage(membershipId, cookie)).data as {
    openReviews: { name: string; teamName: string | null; peer: boolean }[];
  };
  return openReviews.map((r) => `${r.peer ? "peer: " : ""}${r.name}${r.teamName ? ` (${r.teamName})` : ""}`);
}
