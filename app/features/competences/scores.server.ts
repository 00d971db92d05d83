import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { competences, competenceScores } from "#db/schema";
import type { CompetenceType } from "#db/schema/enums";
import type { Result } from "~/utils/results.server";
import { inCluster, isUuid, notFound } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { SCORES_PAGE_SIZE } from "./list-sizes";
import { combinedRequirements, competenceGap, type Requirement } from "./levels";
import { requirementsOfCluster } from "./matrix.server";
import { scorableMembership } from "./score-access.server";
import { personNameSql, nameSearchSql } from "~/utils/person-name.server";

/** The people ctx may score, with their current positions, by name (paged, ?q on the name). */
export async function listScorablePeople(ctx: TenantContext, input: { q?: string; page: number }) {
  const like = input.q ? `%${input.q.replace(/[\\%_]/g, "\\$&")}%` : null;
  const result = await getDb().execute<{ id: string; name: string; positions: string | null; total: number }>(sql`
    select m.id, ${personNameSql("u")} as name,
      (select string_agg(distinct p.name, ', ') from contracts c join positions p on p.id = c.position_id
        where c.membership_id = m.id and c.is_active) as positions,
      count(*) over ()::int as total
    from memberships m join users u on u.id = m.user_id
    where ${scorableMembership(ctx)} and m.status = 'active'
      ${like ? sql`and ${nameSearchSql("u")} ilike ${like}` : sql``}
    order by u.last_name_sort, lower(u.first_name), m.id
    limit ${SCORES_PAGE_SIZE} offset ${(input.page - 1) * SCORES_PAGE_SIZE}`);
  return {
    people: result.rows.map(({ id, name, positions }) => ({ id, name, positions: positions ?? "" })),
    total: result.rows[0]?.total ?? 0,
  };
}

/** The positions of the cluster with how many people ctx may score hold each. */
export async function listPositionsWithHolders(ctx: TenantContext) {
  const result = await getDb().execute<{ id: string; name: string; holders: number }>(sql`
    select p.id, p.name,
      (select count(distinct c.membership_id)::int from contracts c join memberships m on m.id = c.membership_id
        where c.position_id = p.id and c.is_active and ${scorableMembership(ctx)}) as holders
    from positions p where p.account_id = ${ctx.accountId} and p.cluster_id = ${ctx.clusterId}
    order by lower(p.name), p.id`);
  return result.rows;
}

type Person = { id: string; name: string; positionIds: string[] };

/** The membership `membershipId` under `allowed` (a condition on the alias `m`), with its active positions. */
async function findPerson(db: DbOrTx, membershipId: string, allowed: SQL): Promise<Person | null> {
  const result = await db.execute<{ id: string; name: string; position_ids: string[] | null }>(sql`
    select m.id, ${personNameSql("u")} as name,
      (select array_agg(distinct c.position_id) from contracts c where c.membership_id = m.id and c.is_active)
        as position_ids
    from memberships m join users u on u.id = m.user_id
    where m.id = ${membershipId} and ${allowed}`);
  const row = result.rows[0];
  return row ? { id: row.id, name: row.name, positionIds: row.position_ids ?? [] } : null;
}

/** A person ctx may score, with their active positions; anyone else (or another tenant's id) is a 404. */
export async function requireScorablePerson(ctx: TenantContext, membershipId: string, db: DbOrTx = getDb()) {
  if (!isUuid(membershipId)) notFound();
  return (await findPerson(db, membershipId, scorableMembership(ctx))) ?? notFound();
}

type CurrentScore = {
  competenceId: string;
  level: number;
  givenBy: string | null;
  givenByName: string | null;
  givenAt: Date;
};

async function currentScores(ctx: TenantContext, membershipIds: string[], db: DbOrTx = getDb()) {
  if (membershipIds.length === 0) return new Map<string, Map<string, CurrentScore>>();
  const result = await db.execute<CurrentScore & { membershipId: string }>(sql`
    select s.membership_id as "membershipId", s.competence_id as "competenceId", s.level, s.given_by as "givenBy",
      ${personNameSql("u")} as "givenByName", s.given_at as "givenAt"
    from competence_scores s left join users u on u.id = s.given_by
    where s.account_id = ${ctx.accountId} and s.cluster_id = ${ctx.clusterId} and s.superseded_at is null
      and s.membership_id in (${sql.join(
        membershipIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
  const out = new Map<string, Map<string, CurrentScore>>();
  for (const r of result.rows) {
    const m = out.get(r.membershipId) ?? new Map<string, CurrentScore>();
    m.set(r.competenceId, { ...r, givenAt: new Date(r.givenAt) });
    out.set(r.membershipId, m);
  }
  return out;
}

/**
 * Only the current levels of these people, by "membershipId:competenceId": a position's holders page needs
 * no giver, and joining users for one made every request read the whole users table (docs/performance.md).
 */
async function currentLevels(ctx: TenantContext, membershipIds: string[], db: DbOrTx = getDb()) {
  if (membershipIds.length === 0) return new Map<string, number>();
  const result = await db.execute<{ membershipId: string; competenceId: string; level: number }>(sql`
    select s.membership_id as "membershipId", s.competence_id as "competenceId", s.level
    from competence_scores s
    where s.account_id = ${ctx.accountId} and s.cluster_id = ${ctx.clusterId} and s.superseded_at is null
      and s.membership_id = any(${`{${membershipIds.join(",")}}`}::uuid[])`);
  return new Map(result.rows.map((r) => [`${r.membershipId}:${r.competenceId}`, r.level]));
}

async function competencesById(ctx: TenantContext, db: DbOrTx = getDb()) {
  const rows = await db
    .select({
      id: competences.id,
      name: competences.name,
      type: competences.type,
      archived: sql<boolean>`${competences.archivedAt} is not null`,
    })
    .from(competences)
    .where(inCluster(competences, ctx));
  return new Map(rows.map((r) => [r.id, r]));
}

export type ScoreLine = {
  competenceId: string;
  name: string;
  type: CompetenceType;
  required: number | null;
  actual: number | null;
  gap: number | null;
  status: ReturnType<typeof competenceGap>["status"];
  givenByName: string | null;
  givenAt: string | null;
  givenByMe: boolean;
};

/** A person's page: per competence their positions require (and any other they were scored on) actual against required. */
export async function getPersonScores(ctx: TenantContext, membershipId: string) {
  const db = getDb();
  return personScores(ctx, await requireScorablePerson(ctx, membershipId, db), db);
}

/**
 * The signed-in person's own actual against required (my/growth, decision 1122): always ctx's own
 * membership, never an id from the request, so no scoring right is needed. Null without a membership.
 */
export async function getMyScores(ctx: TenantContext) {
  if (!ctx.membershipId) return null;
  const db = getDb();
  const own = sql`m.account_id = ${ctx.accountId} and m.cluster_id = ${ctx.clusterId} and m.deleted_at is null`;
  const person = await findPerson(db, ctx.membershipId, own);
  return person ? personScores(ctx, person, db) : null;
}

async function personScores(ctx: TenantContext, person: Person, db: DbOrTx) {
  const [{ tree, requirements }, scores, book, history] = await Promise.all([
    requirementsOfCluster(ctx, db),
    currentScores(ctx, [person.id], db),
    competencesById(ctx, db),
    db.execute<{ competence: string; level: number; givenByName: string | null; givenAt: Date; current: boolean }>(sql`
      select c.name as competence, s.level, ${personNameSql("u")} as "givenByName",
        s.given_at as "givenAt", s.superseded_at is null as current
      from competence_scores s join competences c on c.id = s.competence_id left join users u on u.id = s.given_by
      where s.account_id = ${ctx.accountId} and s.cluster_id = ${ctx.clusterId} and s.membership_id = ${person.id}
      order by s.given_at desc, s.id limit 200`),
  ]);
  const required = combinedRequirements(
    person.positionIds.map((id) => requirements.get(id) ?? new Map<string, Requirement>()),
  );
  const mine = scores.get(person.id) ?? new Map<string, CurrentScore>();
  const ids = [...new Set([...required.keys(), ...mine.keys()])].filter((id) => {
    const c = book.get(id);
    return c && (!c.archived || mine.has(id));
  });
  const lines: ScoreLine[] = ids.map((id) => {
    const c = book.get(id)!;
    const req = required.get(id)?.level ?? null;
    const s = mine.get(id);
    return {
      competenceId: id,
      name: c.name,
      type: c.type,
      required: req,
      actual: s?.level ?? null,
      ...competenceGap(s?.level, req),
      givenByName: s?.givenByName ?? null,
      givenAt: s ? s.givenAt.toISOString() : null,
      givenByMe: Boolean(s && s.givenBy === ctx.user.id),
    };
  });
  lines.sort((a, b) => (a.required === null ? 1 : 0) - (b.required === null ? 1 : 0) || a.name.localeCompare(b.name));
  const positionNames = tree.filter((p) => person.positionIds.includes(p.id)).map((p) => p.name);
  return {
    person: { id: person.id, name: person.name, positions: positionNames },
    lines,
    history: history.rows.map((h) => ({ ...h, givenAt: new Date(h.givenAt).toISOString() })),
  };
}

async function requireScorableCompetence(ctx: TenantContext, competenceId: string, db: DbOrTx) {
  if (!isUuid(competenceId)) notFound();
  const [row] = await db
    .select({ id: competences.id })
    .from(competences)
    .where(and(inCluster(competences, ctx), eq(competences.id, competenceId), isNull(competences.archivedAt)));
  if (!row) notFound();
}

/**
 * Records a person's actual level: the current score (whoever gave it) is superseded and a new one is
 * written with who gave it and when, in one transaction; earlier scores stay as history.
 */
export async function setScore(
  ctx: TenantContext,
  input: { membershipId: string; competenceId: string; level: number },
): Promise<Result> {
  if (!Number.isInteger(input.level) || input.level < 1 || input.level > 5) {
    return { ok: false, field: "level", errorKey: "competences:levels.outside" };
  }
  return getDb().transaction(async (tx) => {
    await requireScorablePerson(ctx, input.membershipId, tx);
    await requireScorableCompetence(ctx, input.competenceId, tx);
    const now = new Date();
    await tx
      .update(competenceScores)
      .set({ supersededAt: now })
      .where(
        and(
          inCluster(competenceScores, ctx),
          eq(competenceScores.membershipId, input.membershipId),
          eq(competenceScores.competenceId, input.competenceId),
          isNull(competenceScores.supersededAt),
        ),
      );
    await tx.insert(competenceScores).values({
      accountId: ctx.accountId,
      clusterId: ctx.clusterId,
      membershipId: input.membershipId,
      competenceId: input.competenceId,
      level: input.level,
      givenBy: ctx.user.id,
      givenAt: now,
    });
    return { ok: true };
  });
}

/** Removes one's own current score (it stays in the history); a score given by someone else is refused (spec §5). */
export async function removeScore(
  ctx: TenantContext,
  input: { membershipId: string; competenceId: string },
): Promise<Result> {
  return getDb().transaction(async (tx) => {
    await requireScorablePerson(ctx, input.membershipId, tx);
    if (!isUuid(input.competenceId)) notFound();
    const current = and(
      inCluster(competenceScores, ctx),
      eq(competenceScores.membershipId, input.membershipId),
      eq(competenceScores.competenceId, input.competenceId),
      isNull(competenceScores.supersededAt),
    );
    const [row] = await tx
      .select({ id: competenceScores.id, givenBy: competenceScores.givenBy })
      .from(competenceScores)
      .where(current);
    if (!row) notFound();
    if (row.givenBy !== ctx.user.id)
      return { ok: false, field: "competenceId", errorKey: "competences:scores.notYours" };
    await tx.update(competenceScores).set({ supersededAt: new Date() }).where(eq(competenceScores.id, row.id));
    return { ok: true };
  });
}

/** The active contract holders of a position whom ctx may score, by name, with their number. */
async function positionHolders(
  ctx: TenantContext,
  positionId: string,
  paging: { page: number; pageSize: number } | undefined,
  db: DbOrTx,
) {
  // The page paginates the holders (a position may have hundreds: docs/performance.md); the API takes all.
  return db.execute<{ id: string; name: string; total: number }>(sql`
    select m.id, ${personNameSql("u")} as name, count(*) over ()::int as total
    from memberships m join users u on u.id = m.user_id
    where ${scorableMembership(ctx)} and exists (select 1 from contracts c where c.membership_id = m.id
      and c.position_id = ${positionId} and c.is_active)
    order by u.last_name_sort, lower(u.first_name), m.id
    ${paging ? sql`limit ${paging.pageSize} offset ${(paging.page - 1) * paging.pageSize}` : sql``}`);
}

/** A position's view: every holder ctx may score against what the position requires (own and inherited). */
export async function getPositionScores(
  ctx: TenantContext,
  positionId: string,
  paging?: { page: number; pageSize: number },
) {
  if (!isUuid(positionId)) notFound();
  const db = getDb();
  // The holders are read alongside: they are only shown once the position is found in ctx's cluster.
  const [{ tree, requirements }, book, holders] = await Promise.all([
    requirementsOfCluster(ctx, db),
    competencesById(ctx, db),
    positionHolders(ctx, positionId, paging, db),
  ]);
  const position = tree.find((p) => p.id === positionId);
  if (!position) notFound();
  const columns = [...(requirements.get(position.id) ?? new Map<string, Requirement>()).entries()]
    .filter(([id]) => book.get(id) && !book.get(id)!.archived)
    .map(([id, req]) => ({ id, name: book.get(id)!.name, required: req.level }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const levels = await currentLevels(
    ctx,
    holders.rows.map((h) => h.id),
    db,
  );
  return {
    position: { id: position.id, name: position.name },
    columns,
    total: holders.rows[0]?.total ?? 0,
    rows: holders.rows.map((h) => ({
      id: h.id,
      name: h.name,
      cells: columns.map((c) => {
        const actual = levels.get(`${h.id}:${c.id}`) ?? null;
        return { competenceId: c.id, actual, ...competenceGap(actual, c.required) };
      }),
    })),
  };
}

/**
 * Spec §3 "actual competence score per membership" for the API: the people ctx may score, by name, each with
 * id, userId, name, teams, positions and their current scores (paged).
 */
export async function listActualScores(ctx: TenantContext, input: { page: number; pageSize: number }) {
  const db = getDb();
  const result = await db.execute<{
    id: string;
    userId: string;
    name: string;
    teams: string[] | null;
    positions: string[] | null;
    total: number;
  }>(sql`
    select m.id, m.user_id as "userId", ${personNameSql("u")} as name,
      (select array_agg(distinct t.name) from role_assignments ra join teams t on t.id = ra.team_id
        where ra.membership_id = m.id and ra.role_key = 'team_member' and t.deleted_at is null) as teams,
      (select array_agg(distinct p.name) from contracts c join positions p on p.id = c.position_id
        where c.membership_id = m.id and c.is_active) as positions,
      count(*) over ()::int as total
    from memberships m join users u on u.id = m.user_id
    where ${scorableMembership(ctx)} and m.status = 'active'
    order by u.last_name_sort, lower(u.first_name), m.id
    limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`);
  const scores = await currentScores(
    ctx,
    result.rows.map((r) => r.id),
    db,
  );
  return {
    total: result.rows[0]?.total ?? 0,
    page: input.page,
    pageSize: input.pageSize,
    memberships: result.rows.map(({ total: _total, ...r }) => ({
      ...r,
      teams: r.teams ?? [],
      positions: r.positions ?? [],
      scores: [...(scores.get(r.id)?.values() ?? [])].map((s) => ({
        competenceId: s.competenceId,
        level: s.level,
        givenBy: s.givenByName,
        givenAt: s.givenAt.toISOString(),
      })),
    })),
  };
}

export type CompetenceGapCount = {
  /** Active team members whose positions require at least one competence. */
  assessed: number;
  /** Of them, those scored below a required level on at least one competence. */
  short: number;
  /** Per competence, how many of them are short of it; most first. */
  competences: { name: string; people: number }[];
};

export type TeamCompetenceGaps = CompetenceGapCount & {
  /**
   * With `perPosition` (workforce planning, docs/decisions/1970): the same count per active position of the
   * members, each member against what that position requires (own and inherited) only.
   */
  positions?: Record<string, CompetenceGapCount>;
};

/**
 * Competence gaps per team (team comparison, docs/decisions/1731): each active team member against what their
 * active positions require (`combinedRequirements`, `competenceGap`); a required competence not scored yet is
 * unknown, not a gap. Counts only; the caller hides small groups. One read of the members of all `teamIds`.
 */
export async function teamCompetenceGaps(
  ctx: TenantContext,
  teamIds: readonly string[],
  db: DbOrTx = getDb(),
  options: { perPosition?: boolean } = {},
): Promise<Map<string, TeamCompetenceGaps>> {
  const out = new Map<string, TeamCompetenceGaps>();
  if (teamIds.length === 0) return out;
  const { rows: members } = await db.execute<{
    team_id: string;
    membership_id: string;
    position_ids: string[] | null;
  }>(sql`
    select ra.team_id, m.id as membership_id,
      (select array_agg(distinct c.position_id) from contracts c where c.membership_id = m.id and c.is_active
        and c.position_id is not null) as position_ids
    from role_assignments ra
    join memberships m on m.id = ra.membership_id and m.deleted_at is null and m.status = 'active'
    where ra.account_id = ${ctx.accountId} and ra.cluster_id = ${ctx.clusterId} and ra.role_key = 'team_member'
      and ra.team_id = any(${`{${teamIds.join(",")}}`}::uuid[])`);
  const [{ requirements }, levels, book] = await Promise.all([
    requirementsOfCluster(ctx, db),
    currentLevels(ctx, [...new Set(members.map((m) => m.membership_id))], db),
    competencesById(ctx, db),
  ]);
  const byTeam = new Map<string, typeof members>();
  for (const m of members) {
    if (!byTeam.has(m.team_id)) byTeam.set(m.team_id, []);
    byTeam.get(m.team_id)!.push(m);
  }
  const none = new Map<string, Requirement>();
  type Tally = { assessed: number; short: number; perCompetence: Map<string, number> };
  const tally = (): Tally => ({ assessed: 0, short: 0, perCompetence: new Map() });
  // One member against what is required of them: the one rule of a gap (competenceGap "below").
  // What a set of requirements asks, worked out once per set (a position, or the positions a member holds
  // together), not once per member: at 800 teams this was most of the function's CPU (decision 1985).
  const activeOf = new Map<Map<string, Requirement>, [string, Requirement][]>();
  const combinedOf = new Map<string, Map<string, Requirement>>();
  const combinedFor = (held: readonly string[]) => {
    const key = held.join(",");
    if (!combinedOf.has(key)) combinedOf.set(key, combinedRequirements(held.map((id) => requirements.get(id) ?? none)));
    return combinedOf.get(key)!;
  };
  const count = (into: Tally, required: Map<string, Requirement>, membershipId: string) => {
    if (!activeOf.has(required))
      activeOf.set(
        required,
        [...required].filter(([id]) => book.get(id) && !book.get(id)!.archived),
      );
    const active = activeOf.get(required)!;
    if (active.length === 0) return;
    into.assessed++;
    const below = active.filter(([id, req]) => {
      const { status } = competenceGap(levels.get(`${membershipId}:${id}`), req.level);
      return status === "below";
    });
    if (below.length) into.short++;
    for (const [id] of below) into.perCompetence.set(id, (into.perCompetence.get(id) ?? 0) + 1);
  };
  const counted = ({ assessed, short, perCompetence }: Tally): CompetenceGapCount => ({
    assessed,
    short,
    competences: [...perCompetence]
      .map(([id, people]) => ({ name: book.get(id)!.name, people }))
      .sort((a, b) => b.people - a.people || a.name.localeCompare(b.name)),
  });
  for (const teamId of teamIds) {
    const team = tally();
    const positions = new Map<string, Tally>();
    for (const m of byTeam.get(teamId) ?? []) {
      const held = m.position_ids ?? [];
      count(team, combinedFor(held), m.membership_id);
      if (!options.perPosition) continue;
      for (const id of held) {
        if (!positions.has(id)) positions.set(id, tally());
        count(positions.get(id)!, requirements.get(id) ?? none, m.membership_id);
      }
    }
    out.set(teamId, {
      ...counted(team),
      ...(options.perPosition
        ? { positions: Object.fromEntries([...positions].map(([id, t]) => [id, counted(t)])) }
        : {}),
    });
  }
  return out;
}
