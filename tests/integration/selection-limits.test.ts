import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getRequest } from "../support/http";
import { handle } from "../support/remix-handler";
import { reviewWorld } from "../support/reviews";

/** Spec §5 'at most {count} {type}' (decision 1701): one text wherever a selection has a limit, over HTTP. */

let w: Awaited<ReturnType<typeof reviewWorld>>;
beforeAll(async () => {
  w = await reviewWorld();
});

const page = async (path: string) => {
  const res = await handle(getRequest(path, w.hr.cookie));
  return { status: res.status, html: await res.text() };
};

describe("the selection limit message", () => {
  it("stops a merge of three criteria with 'Maximaal 2 criteria'; two open the choice, one gets the hint", async () => {
    const [a, b, c] = w.chosen;
    const three = await page(`/criteria/book/merge?ids=${a.id}&ids=${b.id}&ids=${c.id}`);
    expect(three.status).toBe(200);
    expect(three.html).toContain("Maximaal 2 criteria");
    expect(three.html).not.toContain('name="keepId"');
    const two = await page(`/criteria/book/merge?ids=${a.id}&ids=${b.id}`);
    expect(two.html).not.toContain("Maximaal 2 criteria");
    expect(two.html).toContain('name="keepId"');
    const one = await page(`/criteria/book/merge?ids=${a.id}`);
    expect(one.html).toContain("Vink precies twee criteria aan om ze samen te voegen.");
  });

  it("says the same for more teams than the comparison takes, the choice kept", async () => {
    const ids = Array.from({ length: 9 }, () => randomUUID());
    const { html } = await page(`/analytics/teams/team-comparison?${ids.map((id) => `team=${id}`).join("&")}`);
    expect(html).toContain("Maximaal 8 teams");
    expect(html).toContain('aria-describedby="team-hint team-limit"');
  });
});
