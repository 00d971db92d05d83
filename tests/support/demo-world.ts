/**
 * The seeded demo (seed/run.ts seedDemo) as a test world: a signed-in cookie for each demo user and,
 * for each account, real ids of every kind of thing a route takes in its URL. Both accounts get the
 * same shape, so a test can ask a Demo BV user for Andere BV's ids and the other way round.
 *
 * `led` is data of leider@demo.nl's teams (De Linde); `other` is data of a team leider@demo.nl does
 * not lead (Het Anker). Andere BV has one team, so there both are the same.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import {
  accountModules,
  clusterModules,
  clusters,
  competences,
  competenceSetItems,
  competenceSets,
  criteria,
  criteriaSetCriteria,
  criteriaSets,
  dialogs,
  flowMeasurements,
  importConnectorRuns,
  imports,
  personalDataExportFiles,
  personalDataExportFormats,
  personalDataExports,
  knowledgeAreas,
  memberships,
  positions,
  reviewPeerAssignments,
  reviews,
  reviewSubjects,
  reviewTeams,
  tags,
  tasks,
  teams,
  users,
} from "#db/schema";
import { demoTasks } from "../../seed/demo/tasks";
import { seedDemo } from "../../seed/run";
import { demoClusters, demoTeams, demoUsers, type DemoUserKey } from "../../seed/demo-data";
import { createFlowMeasurement } from "~/features/flow/flows.server";
import { createTeamReviewRound } from "~/features/reviews/round-create.server";
import { createSelfReviewFromRound } from "~/features/reviews/self-review-create.server";
import { contextFor } from "./reviews";
import { sessionCookieFor } from "./session";

export type DemoRole = DemoUserKey;
export const demoRoles = Object.keys(demoUsers) as DemoRole[];

/** Real ids of one team's data in one account. */
export type TeamData = {
  team: string;
  /** A team member's membership and their contract. */
  employee: string;
  contract: string;
  /** The team's team review (a `team` review), its round, and the member's entry in it. */
  teamReview: string;
  round: string;
  /** The set the round was made with. */
  roundSet: string;
  subject: string;
  /** The member's entry in the team's latest finished team review (calibration, 1610). */
  finishedSubject: string;
  /** A flow measurement of a team member who is not a demo user (made here when the seed has none). */
  flow: string;
  /** A development dialog (made here) of the same team member as `flow`, without a leader. */
  dialog: string;
  /** A self review made here from the round (its teams only) and a participant of this team who is no demo user. */
  selfReview: string;
  selfParticipant: string;
  /** A peer round of the team (made here) in which selfParticipant is reviewed, and their own questionnaire. */
  peerReview: string;
  peerAssignment: string;
};

export type TenantData = {
  cluster: string;
  position: string;
  personnelTag: string;
  criteriaTag: string;
  /** A competence tag (issue 19, made here) and a competence of the cluster's book. */
  competenceTag: string;
  competence: string;
  /** A competence set (decision 1412), made here with that competence. */
  competenceSet: string;
  set: string;
  /**
   * A task between two people (Demo BV: leider@demo.nl to medewerker@demo.nl; Andere BV: two employees
   * who are no demo user) and a private note of its receiver.
   */
  task: string;
  note: string;
  /** A personnel import of the cluster (issue 16). */
  personnelImport: string;
  /** A finished Polaris import of the cluster (issue 16, import/polaris/{id}). */
  polarisImport: string;
  /** A knowledge area of the cluster, on no card (issue 19). */
  knowledgeArea: string;
  /** A ready personal-data export the account admin asked for (decision 1740), with its files. */
  personalDataExport: string;
  led: TeamData;
  other: TeamData;
};

export type DemoWorld = {
  cookies: Record<DemoRole, string>;
  demo: TenantData;
  andere: TenantData;
};

async function membershipOf(email: string, clusterId: string) {
  const [row] = await getDb()
    .select({ id: memberships.id, userId: users.id, accountId: users.accountId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(sql`lower(${users.email})`, email), eq(memberships.clusterId, clusterId)));
  if (!row) throw new Error(`no membership of ${email}`);
  return row;
}

async function clusterId(name: string) {
  const [row] = await getDb().select({ id: clusters.id }).from(clusters).where(eq(clusters.name, name));
  return row.id;
}

async function teamId(cluster: string, name: string) {
  const [row] = await getDb()
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.clusterId, cluster), eq(teams.name, name)));
  return row.id;
}

/** A team member of the team (not a leader), with a contract, who is a subject of one of its team reviews. */
async function teamData(
  cluster: string,
  team: string,
  preferredEmail?: string,
): Promise<Omit<TeamData, "selfReview" | "selfParticipant" | "peerReview" | "peerAssignment">> {
  const rows = await getDb().execute<{
    membership_id: string;
    email: string;
    contract_id: string;
    review_id: string;
    round_id: string;
    set_id: string;
    subject_id: string;
  }>(sql`
    select m.id as membership_id, lower(u.email) as email, c.id as contract_id, r.id as review_id,
           r.parent_id as round_id, r.set_id, s.id as subject_id
    from role_assignments ra
    join memberships m on m.id = ra.membership_id and m.deleted_at is null
    join users u on u.id = m.user_id
    join contracts c on c.membership_id = m.id
    join review_subjects s on s.membership_id = m.id
    join reviews r on r.id = s.review_id and r.team_id = ${team} and r.deleted_at is null
    where ra.cluster_id = ${cluster} and ra.team_id = ${team} and ra.role_key = 'team_member'
    order by r.created_at desc, m.created_at`);
  const row = rows.rows.find((r) => r.email === preferredEmail) ?? rows.rows[0];
  if (!row) throw new Error(`no reviewed member with a contract in team ${team}`);
  const finished = await getDb().execute<{ id: string }>(sql`
    select s.id from review_subjects s
    join reviews r on r.id = s.review_id and r.team_id = ${team} and r.is_finished and r.deleted_at is null
    order by (s.membership_id = ${row.membership_id}) desc, r.finished_at desc, s.id limit 1`);
  if (!finished.rows[0]) throw new Error(`no finished team review of team ${team}`);
  return {
    team,
    employee: row.membership_id,
    contract: row.contract_id,
    teamReview: row.review_id,
    round: row.round_id,
    roundSet: row.set_id,
    subject: row.subject_id,
    finishedSubject: finished.rows[0].id,
    ...(await flowAndDialogOf(cluster, team)),
  };
}

/** The flow measurement of flowOf and a new dialog of the same person. */
async function flowAndDialogOf(cluster: string, team: string) {
  const flow = await flowOf(cluster, team);
  const [measurement] = await getDb().select().from(flowMeasurements).where(eq(flowMeasurements.id, flow));
  const [dialog] = await getDb()
    .insert(dialogs)
    .values({
      accountId: measurement.accountId,
      clusterId: cluster,
      membershipId: measurement.membershipId,
      objective: "Audit-dialoog",
    })
    .returning({ id: dialogs.id });
  return { flow, dialog: dialog.id };
}

/** Adds a self review made from the team's round by `cookie` (HR or the account admin) and one of its participants. */
async function withSelfReview(
  cookie: string,
  t: Omit<TeamData, "selfReview" | "selfParticipant" | "peerReview" | "peerAssignment">,
): Promise<TeamData> {
  const created = await createSelfReviewFromRound(await contextFor(cookie), {
    roundId: t.round,
    deadline: "01-12-2099",
  });
  if (!created.ok) throw new Error(`self review not created: ${created.code}`);
  const demoEmails = sql.join(
    Object.values(demoUsers).map((e) => sql`${e}`),
    sql`, `,
  );
  const rows = await getDb().execute<{ membership_id: string }>(sql`
    select s.membership_id from review_subjects s
    join memberships m on m.id = s.membership_id join users u on u.id = m.user_id
    where s.review_id = ${created.reviewId} and s.team_id = ${t.team} and lower(u.email) not in (${demoEmails})
    order by lower(u.email) limit 1`);
  if (!rows.rows[0]) throw new Error(`no self review participant without a demo role in team ${t.team}`);
  const participant = rows.rows[0].membership_id;
  return { ...t, selfReview: created.reviewId, selfParticipant: participant, ...(await peerRoundOf(t, participant)) };
}

/** A peer round over the team (raw rows, as the seed writes them) with `participant` reviewed and their self questionnaire. */
async function peerRoundOf(t: { team: string; round: string }, participant: string) {
  const [round] = await getDb().select().from(reviews).where(eq(reviews.id, t.round));
  const ids = { accountId: round.accountId, clusterId: round.clusterId };
  const [review] = await getDb()
    .insert(reviews)
    .values({
      ...ids,
      type: "peer",
      name: "Peer audit",
      deadline: "2099-12-01",
      scale: round.scale,
      setId: round.setId,
      createdBy: round.createdBy,
    })
    .returning({ id: reviews.id });
  const [team] = await getDb().select({ name: teams.name }).from(teams).where(eq(teams.id, t.team));
  await getDb().insert(reviewTeams).values({ reviewId: review.id, teamId: t.team, teamName: team.name });
  const [subject] = await getDb()
    .insert(reviewSubjects)
    .values({ ...ids, reviewId: review.id, membershipId: participant, teamId: t.team })
    .returning({ id: reviewSubjects.id });
  const [assignment] = await getDb()
    .insert(reviewPeerAssignments)
    .values({ ...ids, reviewId: review.id, subjectId: subject.id, reviewerId: participant, role: "self" })
    .returning({ id: reviewPeerAssignments.id });
  return { peerReview: review.id, peerAssignment: assignment.id };
}

/** The latest flow measurement of the team's first member (by e-mail) who is not a demo user. */
async function flowOf(cluster: string, team: string) {
  const demoEmails = sql.join(
    Object.values(demoUsers).map((e) => sql`${e}`),
    sql`, `,
  );
  const places = await getDb().execute<{ membership_id: string; account_id: string; flow_id: string | null }>(sql`
    select m.id as membership_id, m.account_id,
           (select f.id from ${flowMeasurements} f where f.membership_id = m.id order by f.created_at desc limit 1) as flow_id
    from role_assignments ra
    join memberships m on m.id = ra.membership_id and m.deleted_at is null
    join users u on u.id = m.user_id
    where ra.cluster_id = ${cluster} and ra.team_id = ${team} and ra.role_key = 'team_member'
      and lower(u.email) not in (${demoEmails})
    order by lower(u.email) limit 1`);
  const place = places.rows[0];
  if (!place) throw new Error(`no team member without a demo role in team ${team}`);
  if (place.flow_id) return place.flow_id;
  const created = await createFlowMeasurement(
    { accountId: place.account_id, clusterId: cluster, membershipId: place.membership_id },
    [
      { name: "Audit-activiteit", sharePercent: 70, challenge: 6, skills: 6, capability: 6, energy: 6 },
      { name: "Audit-overleg", sharePercent: 30, challenge: 3, skills: 7, capability: 6, energy: 4 },
    ],
  );
  if (!created.ok) throw new Error(`no flow measurement made in team ${team}`);
  return created.id;
}

async function insertTags(accountId: string, cluster: string) {
  const [personnel, criteriaTag, competenceTag] = await getDb()
    .insert(tags)
    .values([
      { accountId, clusterId: cluster, kind: "personnel", name: "Audit-tag" },
      { accountId, clusterId: cluster, kind: "criteria", name: "Audit-criteriumtag" },
      { accountId, clusterId: cluster, kind: "competence", name: "Audit-competentietag" },
    ])
    .returning({ id: tags.id });
  const [competence] = await getDb()
    .select({ id: competences.id })
    .from(competences)
    .where(eq(competences.clusterId, cluster))
    .orderBy(asc(competences.name))
    .limit(1);
  const [set] = await getDb()
    .insert(competenceSets)
    .values({ accountId, clusterId: cluster, name: "Audit-competentieset" })
    .returning({ id: competenceSets.id });
  await getDb()
    .insert(competenceSetItems)
    .values({ accountId, clusterId: cluster, setId: set.id, competenceId: competence.id, level: 3 });
  return {
    personnelTag: personnel.id,
    criteriaTag: criteriaTag.id,
    competenceTag: competenceTag.id,
    competence: competence.id,
    competenceSet: set.id,
  };
}

async function insertKnowledgeArea(accountId: string, cluster: string) {
  const [row] = await getDb()
    .insert(knowledgeAreas)
    .values({ accountId, clusterId: cluster, name: "Audit-kennisgebied" })
    .returning({ id: knowledgeAreas.id });
  return row.id;
}

async function anyPosition(cluster: string) {
  const [row] = await getDb()
    .select({ id: positions.id })
    .from(positions)
    .where(eq(positions.clusterId, cluster))
    .orderBy(asc(positions.name))
    .limit(1);
  return row.id;
}

/** Andere BV has no criteria set or review in the seed: one set and one round over its team, made as andere@demo.nl. */
async function andereReviewData(accountId: string, cluster: string, andereCookie: string) {
  const db = getDb();
  const book = await db
    .select({ id: criteria.id, dimension: criteria.dimension })
    .from(criteria)
    .where(and(eq(criteria.clusterId, cluster), isNull(criteria.archivedAt)))
    .orderBy(asc(criteria.dimension), asc(criteria.name));
  const chosen = [1, 2, 3].flatMap((d) => book.filter((c) => c.dimension === d).slice(0, 2));
  const [set] = await db
    .insert(criteriaSets)
    .values({ accountId, clusterId: cluster, name: "Audit-set", flex: 1, visibleToTeamLeaders: true })
    .returning();
  await db
    .insert(criteriaSetCriteria)
    .values(chosen.map((c) => ({ accountId, clusterId: cluster, setId: set.id, criterionId: c.id })));
  const team = await teamId(cluster, demoTeams.andere[0]);
  const places = await db.execute<{ membership_id: string; role_key: string }>(sql`
    select membership_id, role_key from role_assignments where team_id = ${team}`);
  const roundInput = {
    deadline: "2099-12-01",
    setId: set.id,
    teamIds: [team],
    tagIds: [],
    leaderMembershipIds: places.rows.filter((p) => p.role_key === "team_admin").map((p) => p.membership_id),
    memberMembershipIds: places.rows.filter((p) => p.role_key === "team_member").map((p) => p.membership_id),
  };
  // A finished round first (calibration works on finished team reviews, 1610); the open one stays the newest.
  const finished = await createTeamReviewRound(await contextFor(andereCookie), {
    name: "Audit-ronde afgerond",
    ...roundInput,
  });
  if (!finished.ok) throw new Error(`round not created: ${finished.code}`);
  await db
    .update(reviews)
    .set({ isFinished: true, finishedAt: new Date() })
    .where(eq(reviews.parentId, finished.roundId));
  const created = await createTeamReviewRound(await contextFor(andereCookie), { name: "Audit-ronde", ...roundInput });
  if (!created.ok) throw new Error(`round not created: ${created.code}`);
  return { set: set.id, team };
}

async function taskByTitle(cluster: string, title: string) {
  const [row] = await getDb()
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.clusterId, cluster), eq(tasks.title, title)));
  if (!row) throw new Error(`no demo task ${title}`);
  return row.id;
}

/** Andere BV has no tasks in the seed: one between two of its employees (not andere@demo.nl) and a note. */
async function andereTasks(accountId: string, cluster: string, andereUserId: string) {
  const people = await getDb()
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.clusterId, cluster),
        isNull(memberships.deletedAt),
        sql`${memberships.userId} <> ${andereUserId}`,
      ),
    )
    .orderBy(asc(memberships.createdAt))
    .limit(2);
  if (people.length < 2) throw new Error("Andere BV needs two employees besides andere@demo.nl");
  const [sender, receiver] = people;
  const [task, note] = await getDb()
    .insert(tasks)
    .values([
      {
        accountId,
        clusterId: cluster,
        type: "task",
        title: "Audit-taak",
        senderId: sender.id,
        receiverId: receiver.id,
      },
      {
        accountId,
        clusterId: cluster,
        type: "note",
        title: "Audit-notitie",
        senderId: receiver.id,
        receiverId: receiver.id,
      },
    ])
    .returning({ id: tasks.id });
  return { task: task.id, note: note.id };
}

/** A finished personnel import of the cluster, for the import history routes. */
async function personnelImportIn(accountId: string, clusterId: string) {
  const [row] = await getDb()
    .insert(imports)
    .values({ accountId, clusterId, fileName: "audit.csv", fileType: "csv", status: "applied" })
    .returning({ id: imports.id });
  return row.id;
}

/** A finished import through the Polaris connector, for import/polaris/{id}. */
async function polarisImportIn(accountId: string, clusterId: string) {
  const importId = await personnelImportIn(accountId, clusterId);
  await getDb().insert(importConnectorRuns).values({ importId, accountId, clusterId, kind: "polaris", stage: "ready" });
  return importId;
}

/** A ready personal-data export of `personId` that `requestedBy` asked for, with (tiny) files. */
async function personalDataExportIn(accountId: string, clusterId: string, personId: string, requestedBy: string) {
  const id = crypto.randomUUID();
  await getDb()
    .insert(personalDataExports)
    .values({
      id,
      accountId,
      clusterId,
      personId,
      requestedBy,
      status: "ready",
      progress: 100,
      finishedAt: sql`now()`,
      expiresAt: sql`now() + interval '7 days'`,
    });
  await getDb()
    .insert(personalDataExportFiles)
    .values(
      personalDataExportFormats.map((format) => ({
        exportId: id,
        accountId,
        clusterId,
        format,
        content: Buffer.from("{}"),
      })),
    );
  return id;
}

/** Seeds the demo into this test file's database and gathers the world. Call once, in beforeAll. */
export async function demoWorld(): Promise<DemoWorld> {
  await seedDemo(process.env.DATABASE_URL!);
  const db = getDb();
  const noord = await clusterId(demoClusters.noord);
  const andereCluster = await clusterId(demoClusters.andere);

  const cookies = {} as Record<DemoRole, string>;
  for (const role of demoRoles) {
    const clusterId = role === "andere" ? andereCluster : noord;
    const m = await membershipOf(demoUsers[role], clusterId);
    cookies[role] = (await sessionCookieFor({ userId: m.userId, accountId: m.accountId, clusterId })).cookie;
  }

  const demoAccountId = (await membershipOf(demoUsers.admin, noord)).accountId;
  const andereAccountId = (await membershipOf(demoUsers.andere, andereCluster)).accountId;

  // Demo BV: an extra round over Het Anker only, so that leider@demo.nl has a round he may not see at all.
  const anker = await teamId(noord, demoTeams.noord[2]);
  const [basisset] = await db
    .select({ id: criteriaSets.id })
    .from(criteriaSets)
    .where(eq(criteriaSets.clusterId, noord))
    .limit(1);
  const ankerPlaces = await db.execute<{ membership_id: string; role_key: string }>(sql`
    select membership_id, role_key from role_assignments where team_id = ${anker}`);
  const ankerRound = await createTeamReviewRound(await contextFor(cookies.hr), {
    name: "Audit-ronde Het Anker",
    deadline: "2099-12-01",
    setId: basisset.id,
    teamIds: [anker],
    tagIds: [],
    leaderMembershipIds: ankerPlaces.rows.filter((p) => p.role_key === "team_admin").map((p) => p.membership_id),
    memberMembershipIds: ankerPlaces.rows.filter((p) => p.role_key === "team_member").map((p) => p.membership_id),
  });
  if (!ankerRound.ok) throw new Error(`round not created: ${ankerRound.code}`);

  const demo: TenantData = {
    cluster: noord,
    position: await anyPosition(noord),
    ...(await insertTags(demoAccountId, noord)),
    set: basisset.id,
    task: await taskByTitle(noord, demoTasks.openForMedewerker),
    note: await taskByTitle(noord, demoTasks.medewerkerNote),
    personnelImport: await personnelImportIn(demoAccountId, noord),
    polarisImport: await polarisImportIn(demoAccountId, noord),
    knowledgeArea: await insertKnowledgeArea(demoAccountId, noord),
    personalDataExport: await personalDataExportIn(
      demoAccountId,
      noord,
      (await membershipOf(demoUsers.medewerker, noord)).userId,
      (await membershipOf(demoUsers.admin, noord)).userId,
    ),
    led: await withSelfReview(
      cookies.hr,
      await teamData(noord, await teamId(noord, demoTeams.noord[0]), demoUsers.medewerker),
    ),
    other: await withSelfReview(cookies.hr, await teamData(noord, anker)),
  };
  const andereReviews = await andereReviewData(andereAccountId, andereCluster, cookies.andere);
  // Andere BV's demo has no flow module; switched on here so its admin opens its own flow ids like Demo BV's.
  await db
    .insert(accountModules)
    .values({ accountId: andereAccountId, moduleKey: "flow", active: true })
    .onConflictDoNothing();
  await db
    .insert(clusterModules)
    .values({ accountId: andereAccountId, clusterId: andereCluster, moduleKey: "flow" })
    .onConflictDoNothing();
  // …and the competences module (#19), so its admin opens its own competence score pages.
  await db
    .insert(accountModules)
    .values({ accountId: andereAccountId, moduleKey: "competences", active: true })
    .onConflictDoNothing();
  await db
    .insert(clusterModules)
    .values({ accountId: andereAccountId, clusterId: andereCluster, moduleKey: "competences" })
    .onConflictDoNothing();
  // …and the knowledge-areas module (#19), so its admin opens its own teams' knowledge cards.
  await db
    .insert(accountModules)
    .values({ accountId: andereAccountId, moduleKey: "knowledge-areas", active: true })
    .onConflictDoNothing();
  await db
    .insert(clusterModules)
    .values({ accountId: andereAccountId, clusterId: andereCluster, moduleKey: "knowledge-areas" })
    .onConflictDoNothing();
  // …and the peer-review module (#15), so its admin opens its own peer rounds.
  await db
    .insert(accountModules)
    .values({ accountId: andereAccountId, moduleKey: "peer-review", active: true })
    .onConflictDoNothing();
  await db
    .insert(clusterModules)
    .values({ accountId: andereAccountId, clusterId: andereCluster, moduleKey: "peer-review" })
    .onConflictDoNothing();
  const andereTeam = await withSelfReview(cookies.andere, await teamData(andereCluster, andereReviews.team));
  const andere: TenantData = {
    cluster: andereCluster,
    position: await anyPosition(andereCluster),
    ...(await insertTags(andereAccountId, andereCluster)),
    set: andereReviews.set,
    ...(await andereTasks(
      andereAccountId,
      andereCluster,
      (await membershipOf(demoUsers.andere, andereCluster)).userId,
    )),
    personnelImport: await personnelImportIn(andereAccountId, andereCluster),
    polarisImport: await polarisImportIn(andereAccountId, andereCluster),
    knowledgeArea: await insertKnowledgeArea(andereAccountId, andereCluster),
    personalDataExport: await personalDataExportIn(
      andereAccountId,
      andereCluster,
      (await membershipOf(demoUsers.andere, andereCluster)).userId,
      (await membershipOf(demoUsers.andere, andereCluster)).userId,
    ),
    led: andereTeam,
    other: andereTeam,
  };
  // Sanity: the ids really belong where the world says.
  const [check] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviewSubjects)
    .innerJoin(reviews, eq(reviews.id, reviewSubjects.reviewId))
    .where(eq(reviews.clusterId, andereCluster));
  if (!check?.n) throw new Error("Andere BV has no review subjects");
  return { cookies, demo, andere };
}
