import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { getDb } from "#db/client.server";
import * as schema from "#db/schema";
import { memberships, reviewSubjects, reviews, users } from "#db/schema";
import { getPeerReviewResult } from "~/features/peer-reviews/peer-review-result.server";
import { isUuid, notFound } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import {
  notExported,
  personalDataSources,
  secretColumn,
  type ParentSet,
  type PersonColumn,
} from "./personal-data-sources.server";

export const PERSONAL_DATA_FORMAT = "personal-data/1";

/** Every table of the schema by its SQL name, with whether it carries account_id (tenancy of each read). */
const tablesByName = new Map(
  (Object.values(schema) as unknown[])
    .filter((v): v is PgTable => v instanceof PgTable)
    .map((t) => {
      const config = getTableConfig(t);
      return [config.name, { hasAccount: config.columns.some((c) => c.name === "account_id") }] as const;
    }),
);

/**
 * Whose data: yourself always; someone else only as account admin, and only a person of your own account
 * (anyone else is a 404, as an unknown id). Issue 35: "only account admins export others".
 */
export async function requireExportablePerson(ctx: TenantContext, personId: string | null): Promise<string> {
  const id = personId || ctx.user.id;
  if (id === ctx.user.id) return id;
  if (!ctx.user.isAccountAdmin || !isUuid(id)) notFound();
  const [row] = await getDb()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.accountId, ctx.accountId), isNull(users.deletedAt)));
  if (!row) notFound();
  return row.id;
}

type Row = Record<string, unknown>;

function plain(row: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (secretColumn.test(key)) continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

async function idsOf(query: SQL): Promise<string[]> {
  return (await getDb().execute<{ id: string }>(query)).rows.map((r) => r.id);
}

/**
 * Everything the product holds about one person of ctx's account (issue 35, decision 1523): one section per
 * table of `personalDataSources`, rows as stored without secrets; peer answers about the person only as the
 * result the product shows them. `onProgress` hears after each table how many of how many are read (the job's
 * progress, decision 1740).
 */
export async function collectPersonalData(
  ctx: TenantContext,
  userId: string,
  onProgress?: (done: number, total: number) => Promise<void>,
) {
  const account = ctx.accountId;
  const membershipIds = await idsOf(
    sql`select id from memberships where user_id = ${userId} and account_id = ${account}`,
  );
  const inList = (ids: readonly string[]) =>
    sql`(${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`;
  const mine = (column: string) => sql`${sql.identifier(column)} in ${inList(membershipIds)}`;
  const parents: Record<ParentSet, string[]> = {
    reviewSubjects: [],
    dialogs: [],
    flowMeasurements: [],
    givenPeerAssignments: [],
    tasks: [],
  };
  if (membershipIds.length > 0) {
    const where = (column: string) => sql`account_id = ${account} and ${mine(column)}`;
    parents.reviewSubjects = await idsOf(sql`select id from review_subjects where ${where("membership_id")}`);
    parents.dialogs = await idsOf(sql`select id from dialogs where ${where("membership_id")}`);
    parents.flowMeasurements = await idsOf(sql`select id from flow_measurements where ${where("membership_id")}`);
    parents.givenPeerAssignments = await idsOf(
      sql`select id from review_peer_assignments where ${where("reviewer_id")}`,
    );
    parents.tasks = await idsOf(
      sql`select id from tasks where account_id = ${account} and (${mine("sender_id")} or ${mine("receiver_id")})`,
    );
  }
  const condition = (by: PersonColumn): SQL | null => {
    const ids = by.kind === "parent" ? parents[by.parent] : by.kind === "user" ? [userId] : membershipIds;
    return ids.length > 0 ? sql`${sql.identifier(by.column)} in ${inList(ids)}` : null;
  };
  const tables: Record<string, Row[]> = {};
  for (const [index, source] of personalDataSources.entries()) {
    const conditions = source.by.map(condition).filter((c): c is SQL => c !== null);
    if (conditions.length === 0) {
      tables[source.table] = [];
    } else {
      const tenancy = tablesByName.get(source.table)?.hasAccount ? sql`account_id = ${account} and ` : sql``;
      const result = await getDb().execute<Row>(
        sql`select * from ${sql.identifier(source.table)} where ${tenancy}(${sql.join(conditions, sql` or `)})`,
      );
      tables[source.table] = result.rows.map(plain);
    }
    await onProgress?.(index + 1, personalDataSources.length);
  }
  return {
    format: PERSONAL_DATA_FORMAT,
    generatedAt: new Date().toISOString(),
    person: userId,
    account,
    tables,
    peerResults: await peerResultsOf(ctx, membershipIds),
    notExported,
  };
}

/** The person's peer results in ctx's cluster, as the result page shows them: averages and released remarks. */
async function peerResultsOf(ctx: TenantContext, membershipIds: readonly string[]) {
  const own = await getDb()
    .select({ reviewId: reviewSubjects.reviewId, membershipId: reviewSubjects.membershipId })
    .from(reviewSubjects)
    .innerJoin(reviews, eq(reviews.id, reviewSubjects.reviewId))
    .innerJoin(memberships, eq(memberships.id, reviewSubjects.membershipId))
    .where(
      and(
        eq(reviewSubjects.accountId, ctx.accountId),
        eq(reviewSubjects.clusterId, ctx.clusterId),
        eq(reviews.type, "peer"),
        sql`${reviewSubjects.membershipId} in (${sql.join(
          (membershipIds.length > 0 ? membershipIds : ["00000000-0000-0000-0000-000000000000"]).map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    );
  const results = [];
  for (const subject of own) {
    const result = await getPeerReviewResult(ctx, subject.reviewId, subject.membershipId);
    results.push({
      reviewId: subject.reviewId,
      peersShown: result.peersShown,
      peersReleased: result.peersReleased,
      criteria: result.criteria.map((c) => ({ name: c.name, self: c.self, peers: c.peers, leader: c.leader })),
      comments: result.comments,
    });
  }
  return results;
}

export type PersonalData = Awaited<ReturnType<typeof collectPersonalData>>;

/** The readable workbook: one sheet per table with rows, the column names as its header. */
export function personalDataSheets(data: PersonalData) {
  const cell = (v: unknown) =>
    v === null || v === undefined ? null : typeof v === "object" ? JSON.stringify(v) : String(v);
  const sheets = Object.entries(data.tables)
    .filter(([, rows]) => rows.length > 0)
    .map(([name, rows]) => {
      const columns = Object.keys(rows[0]);
      return { name, rows: [columns, ...rows.map((r) => columns.map((c) => cell(r[c])))] };
    });
  const peer = data.peerResults.flatMap((p) =>
    p.criteria.map((c) => [p.reviewId, c.name, cell(c.self), cell(c.peers), cell(c.leader)]),
  );
  if (peer.length > 0)
    sheets.push({ name: "peer_results", rows: [["review_id", "criterion", "self", "peers", "leader"], ...peer] });
  return sheets;
}
