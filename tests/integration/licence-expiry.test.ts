import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { accounts } from "#db/schema";
import { getRequest } from "../support/http";
import { countRows, postForm } from "../support/org";
import { apiRequest, handle } from "../support/remix-handler";
import { reviewWorld } from "../support/reviews";

/** Spec §4, decision 1700: an expired licence refuses creating reviews on the pages, their posts and the API. */

type World = Awaited<ReturnType<typeof reviewWorld>>;
let w: World;

const reviewCount = () => countRows(sql`select count(*) from reviews where cluster_id = ${w.cluster.id}`);

function expire(patch: Partial<typeof accounts.$inferInsert>) {
  return getDb().update(accounts).set(patch).where(eq(accounts.id, w.account.id));
}

const createPages = ["/review/create/teamreview", "/review/create/selfreview", "/peerreviews/create"];

beforeAll(async () => {
  w = await reviewWorld();
  await expire({ licenceStatus: "active", licenceExpiresAt: new Date(Date.now() - 60_000) });
});

describe("an expired licence", () => {
  it("shows why on the create pages instead of a wizard", async () => {
    for (const path of createPages) {
      const res = await handle(getRequest(path, w.hr.cookie));
      expect(res.status, path).toBe(403);
      const html = await res.text();
      expect(html, path).toContain("Je licentie is verlopen");
      expect(html, path).toContain("geen nieuwe reviews maken");
    }
  });

  it("refuses the wizards' posts and writes nothing", async () => {
    const before = await reviewCount();
    const team = await handle(
      postForm(
        "/review/create/teamreview",
        {
          intent: "create",
          name: "Na de licentie",
          deadline: "01-12-2099",
          setId: w.set.id,
          teamIds: w.alfa.id,
          leaderIds: w.leader.membership.id,
          memberIds: w.members.map((m) => m.membership.id),
        },
        w.hr.cookie,
      ),
    );
    expect(team.status).toBe(403);
    const self = await handle(
      postForm(
        "/review/create/selfreview",
        { intent: "fromRound", roundId: w.roundId, deadline: "01-12-2099" },
        w.hr.cookie,
      ),
    );
    expect(self.status).toBe(403);
    expect(await self.text()).toContain("Je licentie is verlopen");
    expect(await reviewCount()).toBe(before);
  });

  it("refuses team, self and peer rounds in the API with a 403 naming the refusal in the caller's language", async () => {
    const before = await reviewCount();
    const common = { name: "API na de licentie", deadline: "01-12-2099", teams: [w.alfa.id], tags: [], set: w.set.id };
    const memberships = w.members.map((m) => m.membership.id);
    const bodies = [
      { type: "team", ...common, leaders: [w.leader.membership.id], members: memberships },
      { type: "self", action: "create_selfreview_from_scratch", ...common, memberships, criteria: [] },
      { type: "peer", action: "create_peerreview_from_scratch", ...common, memberships, criteria: [] },
    ];
    for (const body of bodies) {
      const res = await handle(apiRequest("POST", "/api/reviews", { cookie: w.hr.cookie, body }));
      expect(res.status, body.type).toBe(403);
      const answer = (await res.json()) as { error: string; message: string };
      expect(answer.error, body.type).toBe("licenceExpired");
      expect(answer.message, body.type).toContain("Je licentie is verlopen");
    }
    expect(await reviewCount()).toBe(before);
  });

  it("refuses a trial past its end as well, and lets creating go again once a licence runs", async () => {
    await expire({ licenceStatus: "trial", trialEndsAt: new Date(Date.now() - 60_000), licenceExpiresAt: null });
    expect((await handle(getRequest("/review/create/selfreview", w.hr.cookie))).status).toBe(403);
    await expire({ licenceStatus: "active", licenceExpiresAt: new Date(Date.now() + 86_400_000) });
    for (const path of createPages) {
      expect((await handle(getRequest(path, w.hr.cookie))).status, path).toBe(200);
    }
  });
});
