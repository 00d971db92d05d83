/**
 * Route audit (ARCHITECTURE.md "Safety nets"): every loader and action of every signed-in page, API
 * and resource route is called anonymously and as an employee without rights. Anonymous callers must
 * be sent to /login (pages) or get 401 (API); an employee must be turned away from every page that
 * needs a right. New routes are picked up automatically. The last part calls every route that takes an
 * id with the seeded demo's real ids, as each demo user.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { BASE, context, run } from "../support/http";
import {
  demoRoles,
  demoWorld,
  type DemoRole,
  type DemoWorld,
  type TeamData,
  type TenantData,
} from "../support/demo-world";
import { sessionCookieFor } from "../support/session";

const routesDir = path.resolve("app/routes");

/** Route files under a folder, recursively; `_layout` and components are routes too. */
function routeFiles(folder: string): string[] {
  const dir = path.join(routesDir, folder);
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? routeFiles(path.join(folder, entry.name)) : [path.join(folder, entry.name)],
    )
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".test.ts"));
}

/** A URL and params for a route file: every $param becomes a fresh UUID. */
function urlFor(file: string) {
  const params: Record<string, string> = {};
  const segments = file
    .replace(/\.tsx?$/, "")
    .split(/[/.]/)
    .filter((s) => s && !s.startsWith("_") && !s.endsWith("+") && s !== "route")
    // A trailing "_" (e.g. evaluation.$id_.criteria) only opts out of the parent layout.
    .map((s) => s.replace(/_$/, ""))
    .map((s) => {
      if (s.startsWith("$")) {
        const value = crypto.randomUUID();
        params[s.slice(1)] = value;
        return value;
      }
      return s;
    });
  const prefix = file.startsWith("api+") ? "/api" : file.startsWith("resources+") ? "/resources" : "";
  return { url: prefix + "/" + segments.join("/"), params };
}

type RouteModule = { loader?: (args: unknown) => Promise<unknown>; action?: (args: unknown) => Promise<unknown> };

async function call(file: string, kind: "loader" | "action", cookie?: string) {
  const mod = (await import(path.join(routesDir, file))) as RouteModule;
  const fn = mod[kind];
  if (!fn) return null;
  const { url, params } = urlFor(file);
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("Cookie", cookie);
  const request =
    kind === "loader"
      ? new Request(BASE + url, { headers })
      : new Request(BASE + url, { method: "POST", headers, body: "intent=x" });
  return run(() => fn({ request, params, context: context() }));
}

function outcome(result: unknown): string {
  if (result === null) return "none";
  if (result instanceof Response) {
    const location = result.headers.get("Location");
    if (location) return `${result.status} ${location.split("?")[0]}`;
    return String(result.status);
  }
  // Remix's data(): the status it will be sent with.
  const init = (result as { type?: string; init?: ResponseInit | null }).type === "DataWithResponseInit";
  if (init) return String((result as { init?: ResponseInit | null }).init?.status ?? 200);
  return "200";
}

const appFiles = routeFiles("_app+");
// Public on purpose: API clients sign in there (tests/integration/api-tokens.test.ts covers it).
const apiFiles = routeFiles("api+").filter((f) => f !== "api+/auth.login.ts");
// Public on purpose: the language switch works before sign-in.
const resourceFiles = routeFiles("resources+").filter((f) => !f.startsWith("resources+/language"));

/** Loaders that hold no data and only redirect, so need no guard. */
const plainRedirectLoaders = new Set(["resources+/switch-cluster.tsx"]);

/** Pages any signed-in user (an employee without rights) may open. */
// goals-and-ambitions: teamGoals.read is everyone's; each sees the goals of their own teams.
// api/init: the caller's own session (spec §7), nothing of anyone else; api/auth/refresh and logout: the
// caller's own token.
const openToEveryone = new Set([
  "_app+/_layout.tsx",
  "api+/tasks.ts",
  "_app+/goals-and-ambitions.tsx",
  "api+/init.ts",
  "api+/auth.refresh.ts",
  "api+/auth.logout.ts",
]);
// Tasks and notes are everyone's own (their ids are audited as each demo user below).
// The knowledge base is every signed-in user's (route-access: "/knowledge-base" needs no right).
// The guide is every signed-in user's too (route-access: "/guide" needs no right; no ids).
const openPrefixes = [
  "_app+/dashboard+/",
  "_app+/my+/",
  "_app+/tasks+/",
  "_app+/flow+/",
  // Every employee takes part in their own dialogs (docs/decisions/1000); ids audited below.
  "_app+/dialogs+/",
  "_app+/knowledge-base+/",
  "_app+/guide+/",
  // Everyone's own peer questionnaires (route-access: "/peerreview" needs the module only); ids audited below.
  "_app+/peerreview+/",
  // Team development steps are every signed-in user's; each sees the progress of their own teams.
  "_app+/team-development+/",
];
// Every employee measures their own flow (docs/decisions/0921); its ids are audited below.
const isOpen = (file: string) => openToEveryone.has(file) || openPrefixes.some((p) => file.startsWith(p));

describe("route audit: anonymous", () => {
  it.each([...appFiles, ...resourceFiles])("%s sends an anonymous visitor to /login", async (file) => {
    for (const kind of ["loader", "action"] as const) {
      if (kind === "loader" && plainRedirectLoaders.has(file)) continue;
      const result = outcome(await call(file, kind));
      if (result === "none") continue;
      expect(result, `${kind} of ${file}`).toMatch(/^30[23] \/login$/);
    }
  });

  it.each(apiFiles)("%s answers 401 to an anonymous caller", async (file) => {
    for (const kind of ["loader", "action"] as const) {
      const result = outcome(await call(file, kind));
      if (result === "none") continue;
      // 405: the route does not serve that method at all.
      expect(result, `${kind} of ${file}`).toMatch(/^(401|405)$/);
    }
  });
});

describe("route audit: an employee without rights", () => {
  let cookie: string;

  it.each([...appFiles, ...apiFiles].filter((f) => !isOpen(f)))("%s turns an employee away", async (file) => {
    cookie ??= await employeeCookie();
    for (const kind of ["loader", "action"] as const) {
      const result = outcome(await call(file, kind, cookie));
      if (result === "none") continue;
      // Pages redirect to /dashboard (spec §2), the API answers 403; an id that is not theirs is a 404.
      expect(result, `${kind} of ${file}`).toMatch(/^(302 \/dashboard|403|404|405)$/);
    }
  });
});

async function employeeCookie() {
  const db = getDb();
  const account = await createAccount(db);
  const cluster = await createClusterFor(db, account.id);
  const employee = await createUserWithMembership(db, { accountId: account.id, clusterId: cluster.id });
  return (await sessionCookieFor({ userId: employee.user.id, accountId: account.id, clusterId: cluster.id })).cookie;
}

/*
 * Real ids (issue 12 "every route with an id, called as each demo role with a real id of another role's
 * data"; issue 13 "call every route with a real id the user may see, and one they may not"). Built on the
 * seeded demo (tests/support/demo-world.ts): each demo user opens every route that takes an id
 *  - with a real id of their own account that they may see: the page must answer (200, or its normal
 *    redirect), so a wrong 404 or a missing right fails;
 *  - with the same kind of id where they lack the right, with another team's data (leider@demo.nl), and
 *    with the other account's data: the answer must be a refusal (302 /dashboard, 403, 404), never data.
 * Every route file with a `$param` needs an entry below, so a new route cannot skip the audit.
 */
type Params = Record<string, string>;
type IdRoute = {
  /** Demo BV roles that may open the route with their account's data; andere@demo.nl follows admin. */
  may: DemoRole[];
  /** May write (the action), when fewer than may read. */
  mayWrite?: DemoRole[];
  /** The data is a team's: leider@demo.nl may only use the teams he leads. */
  team?: boolean;
  params: (d: TenantData, t: TeamData) => Params;
  query?: (d: TenantData, t: TeamData) => string;
  /** JSON API: the method and body of its action. */
  api?: { method: string; body: (d: TenantData, t: TeamData) => unknown };
};
type AuditEntry = IdRoute | { notTenantData: string };

const both: DemoRole[] = ["admin", "hr"];
const reviewers: DemoRole[] = ["admin", "hr", "leider"];

const idRoutes: Record<string, AuditEntry> = {
  "_app+/account+/clusters.$id.tsx": { may: ["admin"], params: (d) => ({ id: d.cluster }) },
  "_app+/criteria+/book.$action.tsx": { notTenantData: "$action is new/edit-like, no id" },
  "_app+/criteria+/sets.$setId.tsx": { may: both, params: (d) => ({ setId: d.set }) },
  "_app+/criteria+/tags.$tagId.tsx": { may: both, params: (d) => ({ tagId: d.criteriaTag }) },
  "_app+/my+/profile.$tab.tsx": { notTenantData: "the signed-in user's own profile tabs" },
  // Analytics (1409): tab names, no id; the cluster comes from the session (tests/integration/analytics.test.ts).
  "_app+/analytics+/users.$tab.tsx": { notTenantData: "HR analytics tabs of the current cluster, no id" },
  "_app+/analytics+/criteria.$tab.tsx": { notTenantData: "a dimension's tab of the current cluster, no id" },
  "_app+/team-development+/$step.tsx": { notTenantData: "step names; the team is a ?team= filter of own teams" },
  "_app+/personnel+/users.$tab.tsx": { notTenantData: "list tabs, no id" },
  "_app+/personnel+/positions.$positionId._index.tsx": {
    may: reviewers, // positions.read
    mayWrite: both,
    params: (d) => ({ positionId: d.position }),
  },
  "_app+/personnel+/positions.$positionId.merge.tsx": { may: both, params: (d) => ({ positionId: d.position }) },
  "_app+/personnel+/tags.$id._index.tsx": { may: both, params: (d) => ({ id: d.personnelTag }) },
  "_app+/personnel+/tags.$id.merge.tsx": { may: both, params: (d) => ({ id: d.personnelTag }) },
  "_app+/personnel+/tags.$id.split.tsx": { may: both, params: (d) => ({ id: d.personnelTag }) },
  "_app+/personnel+/teams.$id._tabs+/_layout.tsx": { may: both, params: (_, t) => ({ id: t.team }) },
  "_app+/personnel+/teams.$id._tabs+/$tab.tsx": { may: both, params: (_, t) => ({ id: t.team, tab: "members" }) },
  "_app+/personnel+/teams.$id._tabs+/goalsAndAmbitions.tsx": { may: both, params: (_, t) => ({ id: t.team }) },
  "_app+/personnel+/teams.$id._tabs+/settings.tsx": { may: both, params: (_, t) => ({ id: t.team }) },
  "_app+/personnel+/teams.$id._index.tsx": { may: both, params: (_, t) => ({ id: t.team }) },
  "_app+/personnel+/teams.$id.delete.tsx": { may: both, params: (_, t) => ({ id: t.team }) },
  "_app+/personnel+/teams.$id.merge.tsx": { may: both, params: (_, t) => ({ id: t.team }) },
  "_app+/personnel+/teams.$id.split.tsx": { may: both, params: (_, t) => ({ id: t.team }) },
  "_app+/personnel+/user.$id.$tab.tsx": { notTenantData: "unknown tab names only: 404 after the guard" },
  "_app+/personnel+/user.$id._tabs+/_layout.tsx": { may: both, params: (_, t) => ({ id: t.employee }) },
  "_app+/personnel+/user.$id._tabs+/details.tsx": { may: both, params: (_, t) => ({ id: t.employee }) },
  "_app+/personnel+/user.$id._tabs+/contracts.tsx": { may: both, params: (_, t) => ({ id: t.employee }) },
  "_app+/personnel+/user.$id._tabs+/teams.tsx": { may: both, params: (_, t) => ({ id: t.employee }) },
  "_app+/personnel+/user.$id._tabs+/roles.tsx": { may: both, params: (_, t) => ({ id: t.employee }) },
  "_app+/personnel+/user.$id._tabs+/tags.tsx": { may: both, params: (_, t) => ({ id: t.employee }) },
  "_app+/personnel+/user.$id._index.tsx": { may: both, params: (_, t) => ({ id: t.employee }) },
  "_app+/personnel+/user.$id.contracts.$contractId._index.tsx": {
    may: both,
    params: (_, t) => ({ id: t.employee, contractId: t.contract }),
  },
  "_app+/personnel+/user.$id.contracts.$contractId.delete.tsx": {
    may: both,
    params: (_, t) => ({ id: t.employee, contractId: t.contract }),
  },
  "_app+/personnel+/user.$id.delete.tsx": { may: both, params: (_, t) => ({ id: t.employee }) },
  "_app+/personnel+/user.$id.merge.tsx": { may: both, params: (_, t) => ({ id: t.employee }) },
  "_app+/review+/$reviewId.compare.$subjectId.tsx": {
    may: reviewers,
    team: true,
    params: (_, t) => ({ reviewId: t.teamReview, subjectId: t.employee }),
  },
  "_app+/review+/compare.$reviewId.$subjectId.tsx": {
    may: reviewers,
    team: true,
    params: (_, t) => ({ reviewId: t.teamReview, subjectId: t.employee }),
  },
  "_app+/teamreview+/$reviewId.compare.$subjectId.tsx": {
    may: reviewers,
    team: true,
    params: (_, t) => ({ reviewId: t.teamReview, subjectId: t.employee }),
  },
  "_app+/review+/create.teamreview.invite.set.$setId.tsx": {
    may: reviewers, // teamReviews.manage; a leader for the rounds of his teams
    team: true,
    params: (_, t) => ({ setId: t.roundSet }),
    query: (_, t) => `?round=${t.round}`,
  },
  "_app+/review+/evaluation.$id.tsx": { may: reviewers, team: true, params: (_, t) => ({ id: t.teamReview }) },
  "_app+/review+/evaluation.$id_.criteria.tsx": {
    may: reviewers,
    team: true,
    params: (_, t) => ({ id: t.teamReview }),
  },
  "_app+/review+/evaluation.$id_.finish.tsx": { may: reviewers, team: true, params: (_, t) => ({ id: t.teamReview }) },
  "_app+/review+/report.$reviewId.employee.$membershipId.tsx": {
    may: reviewers,
    team: true,
    params: (_, t) => ({ reviewId: t.teamReview, membershipId: t.employee }),
  },
  "_app+/review+/result.$id.$tab.tsx": {
    may: reviewers,
    team: true,
    params: (_, t) => ({ id: t.teamReview, tab: "table" }),
  },
  "_app+/review+/result.$id._index.tsx": { may: reviewers, team: true, params: (_, t) => ({ id: t.teamReview }) },
  "_app+/review+/summary.$id.$tab.tsx": {
    may: reviewers,
    team: true,
    params: (_, t) => ({ id: t.round, tab: "grid" }),
  },
  "_app+/review+/summary.$id._index.tsx": { may: reviewers, team: true, params: (_, t) => ({ id: t.round }) },
  "resources+/review-export.$id.ts": { may: reviewers, team: true, params: (_, t) => ({ id: t.round }) },
  // A flow measurement of a team member who is not a demo user: HR, the account admin and the team's leader.
  "_app+/flow+/details.$id.tsx": { may: reviewers, team: true, params: (_, t) => ({ id: t.flow }) },
  // A dialog of the same team member (docs/decisions/1000): HR, the account admin and the team's leader;
  // the list and create are every employee's (their own dialogs), the route ids are audited here.
  "_app+/dialogs+/$id._index.tsx": { may: reviewers, team: true, params: (_, t) => ({ id: t.dialog }) },
  "_app+/dialogs+/$id.events.tsx": { may: reviewers, team: true, params: (_, t) => ({ id: t.dialog }) },
  // knowledgeArea.manage and the module: HR, the account admin and the team's leader (docs/decisions/1082).
  "_app+/knowledge-areas+/teams.$id._index.tsx": { may: reviewers, team: true, params: (_, t) => ({ id: t.team }) },
  "_app+/knowledge-areas+/teams.$id.$tab.tsx": {
    may: reviewers,
    team: true,
    params: (_, t) => ({ id: t.team, tab: "card" }),
  },
  // The print view of a team's card: like the card (docs/decisions/1321).
  "_app+/knowledge-areas+/teams.$id.print.tsx": { may: reviewers, team: true, params: (_, t) => ({ id: t.team }) },
  // A cluster's knowledge areas: knowledgeArea.manage with teams.manage, so not the leader (docs/decisions/1320).
  "_app+/knowledge-areas+/areas.$id.edit.tsx": { may: both, params: (d) => ({ id: d.knowledgeArea }) },
  "_app+/knowledge-areas+/areas.$id.archive.tsx": { may: both, params: (d) => ({ id: d.knowledgeArea }) },
  "_app+/tasks+/$tab._index.tsx": { notTenantData: "list tabs of the signed-in user's own tasks, no id" },
  "_app+/tasks+/$tab.new.tsx": { notTenantData: "the new-task form of a tab, no id" },
  // A task from leider@demo.nl to medewerker@demo.nl: only they see it; only he edits and deletes it, only
  // she marks it done or seen (andere@demo.nl's own account has a task between two other people).
  "_app+/tasks+/$tab.$id._index.tsx": { may: ["leider", "medewerker"], params: (d) => ({ tab: "inbox", id: d.task }) },
  "_app+/tasks+/$tab.$id.edit.tsx": {
    may: ["leider", "medewerker"], // the receiver is sent back to the task with the spec's message
    mayWrite: ["leider"],
    params: (d) => ({ tab: "inbox", id: d.task }),
  },
  "_app+/tasks+/$tab.$id.delete.tsx": {
    may: ["leider", "medewerker"],
    mayWrite: ["leider"],
    params: (d) => ({ tab: "inbox", id: d.task }),
  },
  "api+/task.$id.ts": { may: ["leider", "medewerker"], params: (d) => ({ id: d.task }) },
  "api+/tasks.$id.ts": {
    may: ["leider", "medewerker"],
    mayWrite: ["leider"],
    params: (d) => ({ id: d.task }),
    api: { method: "PUT", body: () => ({ title: "Audit" }) },
  },
  "api+/tasks.$id.done.ts": {
    may: ["leider", "medewerker"],
    mayWrite: ["medewerker"],
    params: (d) => ({ id: d.task }),
    api: { method: "PUT", body: () => ({}) },
  },
  "api+/tasks.$id.seen.ts": {
    may: ["leider", "medewerker"],
    mayWrite: ["medewerker"],
    params: (d) => ({ id: d.task }),
    api: { method: "PUT", body: () => ({}) },
  },
  "api+/criteria-sets.$id.ts": {
    may: both,
    params: (d) => ({ id: d.set }),
    api: { method: "PUT", body: () => ({ isActive: true }) },
  },
  "api+/reviews.$id.ts": {
    may: reviewers,
    team: true,
    params: (_, t) => ({ id: t.teamReview }),
    api: { method: "PUT", body: () => ({}) },
  },
  "api+/reviews.$id.member.ts": {
    may: reviewers,
    team: true,
    params: (_, t) => ({ id: t.teamReview }),
    api: { method: "POST", body: (_, t) => ({ membershipId: t.employee }) },
  },
  "api+/reviews.update.$reviewId.membership.$id.ts": {
    may: reviewers,
    team: true,
    params: (_, t) => ({ reviewId: t.teamReview, id: t.subject }),
    api: { method: "POST", body: () => ({ criteriaScores: [] }) },
  },
  "api+/users.$id.ts": {
    may: both,
    params: (_, t) => ({ id: t.employee }),
    api: { method: "PUT", body: () => ({}) },
  },
  // Self reviews (docs/decisions/0942): HR and the account admin all, leider@demo.nl those with his teams.
  "_app+/review+/selfreview.$id._index.tsx": { may: reviewers, team: true, params: (_, t) => ({ id: t.selfReview }) },
  "_app+/review+/selfreview.$id.$tab.tsx": {
    may: reviewers,
    team: true,
    params: (_, t) => ({ id: t.selfReview, tab: "participants" }),
  },
  // A participant who is no demo user: readable by those who manage the review, written only by that person.
  "_app+/selfreview+/questionnaire.$reviewId.$membershipId.tsx": {
    may: reviewers,
    mayWrite: [],
    team: true,
    params: (_, t) => ({ reviewId: t.selfReview, membershipId: t.selfParticipant }),
  },
  "_app+/selfreview+/questionnaire.$reviewId.$membershipId_.finish.tsx": {
    may: reviewers,
    mayWrite: [],
    team: true,
    params: (_, t) => ({ reviewId: t.selfReview, membershipId: t.selfParticipant }),
  },
  "_app+/selfreview+/result.$reviewId.$membershipId.tsx": {
    may: reviewers,
    team: true,
    params: (_, t) => ({ reviewId: t.selfReview, membershipId: t.selfParticipant }),
  },
  // Peer rounds (docs/decisions/1021): HR and the account admin all, leider@demo.nl those of his teams.
  "_app+/peerreviews+/$id._index.tsx": { may: reviewers, team: true, params: (_, t) => ({ id: t.peerReview }) },
  "_app+/peerreviews+/$id.peers.tsx": { may: reviewers, team: true, params: (_, t) => ({ id: t.peerReview }) },
  // A questionnaire opens for its reviewer only (here a participant who is no demo user): no manager reads it.
  "_app+/peerreview+/questionnaire.$assignmentId.tsx": {
    may: [],
    params: (_, t) => ({ assignmentId: t.peerAssignment }),
  },
  "_app+/peerreview+/questionnaire.$assignmentId_.finish.tsx": {
    may: [],
    params: (_, t) => ({ assignmentId: t.peerAssignment }),
  },
  // Proposing peers (docs/decisions/1202): the reviewed person only (here a participant who is no demo user).
  "_app+/peerreview+/nominate.$reviewId.tsx": { may: [], params: (_, t) => ({ reviewId: t.peerReview }) },
  // The reviewed person's result: averages only; readable by those who manage the round.
  "_app+/peerreview+/result.$reviewId.$membershipId.tsx": {
    may: reviewers,
    team: true,
    params: (_, t) => ({ reviewId: t.peerReview, membershipId: t.selfParticipant }),
  },
  // Competences (#19): HR and the account admin score everyone, leider@demo.nl the members of his teams.
  "_app+/competences+/book.$action.tsx": { notTenantData: "$action is add/edit; the competence is ?id=" },
  "_app+/competences+/scores.users.$id.tsx": { may: reviewers, team: true, params: (_, t) => ({ id: t.employee }) },
  "api+/competences.actual-scores.memberships.$id.ts": {
    may: reviewers,
    team: true,
    params: (_, t) => ({ id: t.employee }),
  },
  "api+/competences.actual-scores.positions.$id.ts": {
    may: reviewers,
    params: (d) => ({ id: d.position }),
  },
  // A position's required competences: read with competence_reviews.manage, changed with competences.manage.
  "_app+/positions.$id.tsx": { may: reviewers, mayWrite: both, params: (d) => ({ id: d.position }) },
  // Every position of the cluster; a leader sees only the holders in his teams.
  "_app+/competences+/scores.positions.$id.tsx": { may: reviewers, params: (d) => ({ id: d.position }) },
  // The book's merge and the competence tags (docs/decisions/1302): competences.manage.
  "_app+/competences+/book.$id.merge.tsx": { may: both, params: (d) => ({ id: d.competence }) },
  "_app+/competences+/tags.$tagId.tsx": { may: both, params: (d) => ({ tagId: d.competenceTag }) },
  "_app+/competences+/sets.$setId.tsx": { may: both, params: (d) => ({ setId: d.competenceSet }) },
  "_app+/competences+/sets.$setId_.apply.tsx": { may: both, params: (d) => ({ setId: d.competenceSet }) },
  // Spec §7 positions API (docs/decisions/1303): positions.read, and competences.read for its competences.
  "api+/positions.$id.ts": { may: reviewers, params: (d) => ({ id: d.position }) },
  // Spec §7 tags and teams API (docs/decisions/1410): tags.* and teams.manage, HR and the account admin.
  "api+/tags.$id.ts": {
    may: both,
    params: (d) => ({ id: d.personnelTag }),
    api: { method: "PUT", body: () => ({ name: "Audit-tag" }) },
  },
  "api+/teams.$id.ts": { may: both, params: (_, t) => ({ id: t.team }) },
  "api+/positions.$id.competences.ts": { may: reviewers, params: (d) => ({ id: d.position }) },
  // Personnel import (users.import): the wizard and its history.
  "_app+/import+/excel.$id.tsx": { may: both, params: (d) => ({ id: d.personnelImport }) },
  "_app+/import+/view.$id.tsx": { may: both, params: (d) => ({ id: d.personnelImport }) },
  "_app+/import+/old.$id.tsx": { may: both, params: (d) => ({ id: d.personnelImport }) },
  "_app+/import+/polaris.$id.tsx": { may: both, params: (d) => ({ id: d.polarisImport }) },
  // Not tenant data: tokens and names checked by their own tests.
  "$.tsx": { notTenantData: "the splat route: unknown paths" },
  "auth.$provider.callback.tsx": { notTenantData: "SSO callback, anonymous only" },
  "dev+/outbox.$name.tsx": { notTenantData: "development mail outbox (tests/integration/dev-outbox.test.ts)" },
  "_public+/confirm.$id.$hash.tsx": { notTenantData: "sign-up confirmation token" },
  "_public+/confirm-email.$id.$hash.tsx": { notTenantData: "e-mail change confirmation token" },
  "_public+/file.$slug.tsx": { notTenantData: "static help files by name" },
  "_public+/file.$slug_.download.tsx": { notTenantData: "static help files by name, as files" },
  "_app+/knowledge-base+/$slug.tsx": { notTenantData: "knowledge base articles by file name, the same for everyone" },
  "_public+/invitation.$token.tsx": { notTenantData: "invitation token" },
  "_public+/password-reset.$code.tsx": { notTenantData: "password reset code" },
  "_public+/unsubscribe.$token.tsx": { notTenantData: "signed unsubscribe token (tests/integration/digests.test.ts)" },
};

const filesWithParams = routeFiles(".")
  .map((f) => f.replace(/^\.\//, ""))
  .filter((f) => /(^|[/.])\$[a-zA-Z]/.test(f) || /(^|\/)\$\.tsx?$/.test(f));

/** The URL of a route file with the given params (the same rules as urlFor above). */
function urlWith(file: string, params: Params, query = "") {
  const segments = file
    .replace(/\.tsx?$/, "")
    .split(/[/.]/)
    .filter((s) => s && !s.startsWith("_") && !s.endsWith("+") && s !== "route")
    .map((s) => s.replace(/_$/, ""))
    .map((s) => (s.startsWith("$") ? params[s.slice(1)] : s));
  const prefix = file.startsWith("api+") ? "/api" : file.startsWith("resources+") ? "/resources" : "";
  return prefix + "/" + segments.join("/") + query;
}

async function callWith(
  file: string,
  entry: IdRoute,
  kind: "loader" | "action",
  cookie: string,
  d: TenantData,
  t: TeamData,
) {
  const mod = (await import(path.join(routesDir, file))) as RouteModule;
  const fn = mod[kind];
  if (!fn) return null;
  const params = entry.params(d, t);
  const url = BASE + urlWith(file, params, entry.query?.(d, t));
  let request: Request;
  if (kind === "loader") request = new Request(url, { headers: { Cookie: cookie } });
  else if (entry.api)
    request = new Request(url, {
      method: entry.api.method,
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify(entry.api.body(d, t)),
    });
  else
    request = new Request(url, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=x",
    });
  return run(() => fn({ request, params, context: context() }));
}

const REFUSED = /^(302 \/dashboard|403|404)$/;
/** An answer with the page's data, or the page's own redirect (e.g. /personnel/user/{id} → its first tab). */
const isAllowed = (o: string) => o === "200" || (/^30[1-8] \//.test(o) && !/ \/(dashboard|login|nocluster)$/.test(o));

describe("route audit: real ids, every demo role", () => {
  let w: DemoWorld;
  beforeAll(async () => {
    w = await demoWorld();
  }, 120_000);

  it("has an entry for every route that takes a parameter", () => {
    const missing = filesWithParams.filter((f) => !(f in idRoutes));
    expect(missing, "add these routes to idRoutes in route-audit.test.ts").toEqual([]);
    const stale = Object.keys(idRoutes).filter((f) => !filesWithParams.includes(f));
    expect(stale, "these idRoutes entries name no route file").toEqual([]);
  });

  const audited = Object.entries(idRoutes).filter((e): e is [string, IdRoute] => !("notTenantData" in e[1]));

  it.each(audited)("%s: each role opens what it may and is refused the rest", async (file, entry) => {
    const problems: string[] = [];
    const expectOutcome = async (
      label: string,
      kind: "loader" | "action",
      role: DemoRole,
      d: TenantData,
      t: TeamData,
      allowed: boolean,
    ) => {
      const result = outcome(await callWith(file, entry, kind, w.cookies[role], d, t));
      if (result === "none" || result === "405") return;
      // An action may also turn away the audit's meaningless body (400) before it looks at the id: nothing
      // is read or written then. Writes with valid bodies and foreign ids are the tenant-isolation tests'.
      const ok = allowed ? isAllowed(result) : REFUSED.test(result) || (kind === "action" && result === "400");
      if (!ok) problems.push(`${role} ${kind} ${label}: got ${result}, expected ${allowed ? "allowed" : "refused"}`);
    };
    for (const role of demoRoles) {
      const own = role === "andere" ? w.andere : w.demo;
      const foreign = role === "andere" ? w.demo : w.andere;
      const asRole: DemoRole = role === "andere" ? "admin" : role;
      const mayRead = entry.may.includes(asRole);
      const mayWrite = (entry.mayWrite ?? entry.may).includes(asRole);
      const mayOther = (allowed: boolean) => allowed && !(entry.team && role === "leider");

      // (a) a real id of their own account.
      await expectOutcome("own led data", "loader", role, own, own.led, mayRead);
      if (!entry.team || role !== "andere")
        await expectOutcome("own other team's data", "loader", role, own, own.other, mayOther(mayRead));
      // Writes are only tried where they must be refused: an allowed write would change the demo.
      if (!mayWrite) await expectOutcome("own data", "action", role, own, own.led, false);
      if (entry.team && role === "leider")
        await expectOutcome("other team's data", "action", role, own, own.other, false);
      // (b) the other account's data: always refused, reads and writes.
      await expectOutcome("other account's data", "loader", role, foreign, foreign.led, false);
      await expectOutcome("other account's data", "action", role, foreign, foreign.led, false);
    }
    // One line a problem, so that every hole of the route is shown at once.
    expect(problems.join("\n")).toBe("");
  });
});
