/**
 * The show-info toggle and the scoring-mode switch (docs/decisions/1711) over HTTP on the seeded demo: the
 * preference route (sign-in, bad values, unsafe return paths, the fetcher's 200) and what a score form and the
 * criteria book render for each choice.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { listMyReviews } from "~/features/reviews/my-reviews.server";
import { demoSelfReviewNames } from "../../seed/demo-data";
import { seedDemo } from "../../seed/run";
import { formRequest, getRequest } from "../support/http";
import { handle } from "../support/remix-handler";
import { contextFor } from "../support/reviews";
import { demoSessions } from "../support/session";

let hr: string;
let medewerker: string;
let questionnaire: string;

beforeAll(async () => {
  await seedDemo(process.env.DATABASE_URL!);
  const sessions = await demoSessions();
  hr = sessions.hr.cookie;
  medewerker = sessions.medewerker.cookie;
  const open = (await listMyReviews(await contextFor(medewerker))).find((r) =>
    r.name.startsWith(demoSelfReviewNames.open),
  )!;
  questionnaire = `/selfreview/questionnaire/${open.reviewId}/${open.membershipId}`;
}, 120_000);

/** The `view` cookie a preference answer sets, as the browser sends it back. */
const viewCookie = (response: Response) => (response.headers.get("Set-Cookie") ?? "").split(";")[0];

const choose = (cookie: string, fields: Record<string, string>) =>
  handle(formRequest("/resources/view-preference", fields, cookie));

describe("storing a view preference", () => {
  it("needs a signed-in user", async () => {
    const response = await choose("", { name: "info", value: "hidden", redirectTo: "/criteria/book" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
  });

  it("goes back to the page with the choice in a cookie, and answers a fetcher with 200", async () => {
    const response = await choose(hr, { name: "scoring", value: "list", redirectTo: "/criteria/book?q=a" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/criteria/book?q=a");
    expect(viewCookie(response)).toMatch(/^view=/);
    const fetched = await choose(hr, { name: "info", value: "hidden", stay: "1", redirectTo: "/criteria/book" });
    expect(fetched.status).toBe(200);
    expect(viewCookie(fetched)).toMatch(/^view=/);
  });

  it("ignores an unknown name or value and never leaves the site", async () => {
    for (const fields of [
      { name: "scoring", value: "sliders" },
      { name: "colour", value: "list" },
    ]) {
      const response = await choose(hr, { ...fields, redirectTo: "/criteria/book" });
      expect(response.status).toBe(302);
      expect(response.headers.get("Set-Cookie")).toBeNull();
    }
    const response = await choose(hr, { name: "info", value: "shown", redirectTo: "//evil.example/x" });
    expect(response.headers.get("Location")).toBe("/dashboard");
  });
});

describe("what the choices change", () => {
  it("the scoring mode turns a questionnaire's score buttons into lists, keeping the fields", async () => {
    const buttons = await (await handle(getRequest(questionnaire, medewerker))).text();
    expect(buttons).toMatch(/<input type="radio"[^>]*name="score\./);
    expect(buttons).not.toMatch(/<select[^>]*name="score\./);
    expect(buttons).toContain('aria-pressed="true"');

    const chosen = await choose(medewerker, { name: "scoring", value: "list", redirectTo: questionnaire });
    const list = await (await handle(getRequest(questionnaire, `${medewerker}; ${viewCookie(chosen)}`))).text();
    expect(list).toMatch(/<select[^>]*name="score\./);
    expect(list).toMatch(/<select[^>]*name="team\./);
    expect(list).not.toMatch(/<input type="radio"[^>]*name="score\./);
  });

  it("the show-info toggle hides the criteria's descriptions in a questionnaire and in the criteria book", async () => {
    const shown = await (await handle(getRequest(questionnaire, medewerker))).text();
    expect(shown).toMatch(/id="score-[^"]+-hint"/);
    expect(shown).toMatch(/role="switch"[^>]*aria-checked="true"/);
    const book = await (await handle(getRequest("/criteria/book", hr))).text();
    const described = book.match(/<p class="text-sm text-ink-muted">/g)?.length ?? 0;
    expect(described).toBeGreaterThan(0);

    const hidden = viewCookie(await choose(hr, { name: "info", value: "hidden", redirectTo: "/criteria/book" }));
    const without = await (await handle(getRequest("/criteria/book", `${hr}; ${hidden}`))).text();
    expect(without.match(/<p class="text-sm text-ink-muted">/g)?.length ?? 0).toBeLessThan(described);
    expect(without).toMatch(/role="switch"[^>]*aria-checked="false"/);
    const questionnaireHidden = viewCookie(
      await choose(medewerker, { name: "info", value: "hidden", redirectTo: questionnaire }),
    );
    const compact = await (await handle(getRequest(questionnaire, `${medewerker}; ${questionnaireHidden}`))).text();
    expect(compact).not.toMatch(/id="score-[^"]+-hint"/);
  });
});
