/**
 * The ids each route with a `$param` takes in the seeded demo (tests/support/demo-world.ts): which demo
 * roles may open it and with which of their account's ids. Shared by the route audit
 * (tests/integration/route-audit.test.ts, which fails on a route file without an entry) and the fuzz test
 * (tests/integration/fuzz.test.ts), which sends its bodies to the real ids a demo user may use.
 */
import type { DemoRole, TeamData, TenantData } from "./demo-world";

export type Params = Record<string, string>;
export type IdRoute = {
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
export type AuditEntry = IdRoute | { notTenantData: string };

const both: DemoRole[] = ["admin", "hr"];
const reviewers: DemoRole[] = ["admin", "hr", "leider"];

export const idRoutes: Record<string, AuditEntry> = {
  "_app+/account+/clusters.$id.tsx": { may: ["admin"], params: (d) => ({ id: d.cluster }) },
  "_app+/criteria+/book.$action.tsx": { notTenantData: "$action is new/edit-like, no id" },
  "_app+/criteria+/sets.$setId.tsx": { may: both, params: (d) => ({ setId: d.set }) },
  "_app+/criteria+/tags.$tagId.tsx": { may: both, params: (d) => ({ tagId: d.criteriaTag }) },
  "_app+/my+/profile.$tab.tsx": { notTenantData: "the signed-in user's own profile tabs" },
  "resources+/translations.$lng.ts": { notTenantData: "$lng is a language: the same texts for everyone (1950)" },
  // Analytics (1409): tab names, no id; the cluster comes from the session (tests/integration/analytics.test.ts).
  "_app+/analytics+/users.$tab.tsx": { notTenantData: "HR analytics tabs of the current cluster, no id" },
  "resources+/hr-analytics-export.$tab.ts": {
    notTenantData:
      "an HR analytics tab's export of the current cluster, no id (tests/integration/small-groups.test.ts)",
  },
  "_app+/analytics+/criteria.$tab.tsx": { notTenantData: "a dimension's tab of the current cluster, no id" },
  "resources+/criteria-analytics-export.$tab.ts": {
    notTenantData:
      "a criteria analytics tab's export of the current cluster, no id (tests/integration/criteria-analytics.test.ts)",
  },
  // Planning (1550): the horizon, no id; team ids in the query are the team scope's (tests/integration/planning.test.ts).
  "_app+/analytics+/planning.$horizon.tsx": { notTenantData: "a horizon of the current cluster's planning, no id" },
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
  // Erasure (1560): only account admins; everyone else, hr@demo.nl included, gets a 404.
  // A person's data export (1740): its requester (the account admin) and the account's admins.
  "_app+/personal-data.$id.tsx": { may: ["admin"], params: (d) => ({ id: d.personalDataExport }) },
  "resources+/personal-data-file.$id.$format.ts": {
    may: ["admin"],
    params: (d) => ({ id: d.personalDataExport, format: "json" }),
  },
  "_app+/personnel+/user.$id.erase.tsx": { may: ["admin"], params: (_, t) => ({ id: t.employee }) },
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
  // Calibration (1610): reviews.manage in the team scope, on a finished team review's entry.
  "_app+/review+/calibration.$subjectId.tsx": {
    may: reviewers,
    team: true,
    params: (_, t) => ({ subjectId: t.finishedSubject }),
  },
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
