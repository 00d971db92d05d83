import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { emailOutbox, reviewReviewers, reviews, users } from "#db/schema";
import { jobDefinitions } from "#jobs/definitions/index";
import { teamReviewInvitationsJob } from "#jobs/definitions/team-review-invitations";
import { teamReviewRemindersJob } from "#jobs/definitions/team-review-reminders";
import { deliverEmail } from "~/features/email/outbox.server";
import { closeTransport } from "~/features/email/transport.server";
import { dueTeamReviewReminders, sendTeamReviewReminders } from "~/features/reviews/team-review-mail.server";
import { finishTeamReview } from "~/features/reviews/review-state.server";
import { readMail, startSmtpCapture } from "../support/smtp";
import { contextFor, reviewWorld } from "../support/reviews";

type World = Awaited<ReturnType<typeof reviewWorld>>;
let w: World;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let alfaReviewId: string;
let betaReviewId: string;
const savedSmtp = process.env.SMTP_URL;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
  w = await reviewWorld();
  // The other leader reads German.
  await getDb().update(users).set({ language: "de" }).where(eq(users.id, w.otherLeader.user.id));
  const children = await getDb().select().from(reviews).where(eq(reviews.parentId, w.roundId));
  alfaReviewId = children.find((r) => r.teamId === w.alfa.id)!.id;
  betaReviewId = children.find((r) => r.teamId === w.beta.id)!.id;
});

afterAll(async () => {
  closeTransport();
  await smtp.close();
  if (savedSmtp === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = savedSmtp;
});

beforeEach(() => {
  smtp.messages.length = 0;
});

const leaderEmails = () => [w.leader.user.email, w.otherLeader.user.email];

/** Delivers the outbox rows of a template for the world's leaders (the send-email job's work). */
async function deliver(template: string) {
  const rows = await getDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.template, template), inArray(emailOutbox.toAddress, leaderEmails())));
  for (const row of rows) await deliverEmail(row.id);
  return rows;
}

function mailTo(email: string) {
  const message = smtp.messages.find((m) => m.envelopeTo.includes(email));
  return message ? readMail(message.raw) : null;
}

describe("team review invitations", () => {
  it("mails each leader once, in their language, with a link to their team's evaluation", async () => {
    expect(jobDefinitions).toContain(teamReviewInvitationsJob);
    const payload = { roundId: w.roundId, reviewIds: [alfaReviewId, betaReviewId] };
    expect(await teamReviewInvitationsJob.handler(payload)).toEqual({ invited: 2 });
    await deliver("team-review-invitation");
    expect(smtp.messages).toHaveLength(2);

    const dutch = mailTo(w.leader.user.email)!;
    expect(dutch.subject).toBe("Je bent uitgenodigd voor de teamreview Teamreview najaar");
    expect(dutch.html).toContain('lang="nl"');
    expect(dutch.text).toContain(`/review/evaluation/${alfaReviewId}`);
    expect(dutch.text).toContain("01-12-2099");
    expect(dutch.text).toContain(w.alfa.name);

    const german = mailTo(w.otherLeader.user.email)!;
    expect(german.subject).toBe("Sie sind zur Teambewertung Teamreview najaar eingeladen");
    expect(german.html).toContain('lang="de"');
    expect(german.text).toContain(`/review/evaluation/${betaReviewId}`);

    const reviewers = await getDb()
      .select()
      .from(reviewReviewers)
      .where(inArray(reviewReviewers.reviewId, [alfaReviewId, betaReviewId]));
    expect(reviewers.every((r) => r.invitedAt !== null)).toBe(true);

    // Running the job again (pg-boss delivers at least once) sends nothing new.
    smtp.messages.length = 0;
    expect(await teamReviewInvitationsJob.handler(payload)).toEqual({ invited: 0 });
    const rows = await deliver("team-review-invitation");
    expect(rows).toHaveLength(2);
    expect(smtp.messages).toHaveLength(0);
  });
});

describe("team review reminders", () => {
  // The round's deadline is 01-12-2099; 08:00 in Amsterdam is 07:00 UTC in winter.
  const at = (day: string) => new Date(`2099-11-${day}T07:00:00Z`);

  it("runs daily at 08:00 Amsterdam time", () => {
    expect(jobDefinitions).toContain(teamReviewRemindersJob);
    expect(teamReviewRemindersJob.cron).toBe("0 8 * * *");
  });

  it("sends the 7-day and the 1-day reminder once each, only for unfinished reviews", async () => {
    expect(await dueTeamReviewReminders(at("20"))).toEqual([]);
    const due = await dueTeamReviewReminders(at("24"));
    expect(due.map((d) => d.key)).toEqual(["7d", "7d"]);

    expect(await sendTeamReviewReminders(at("24"))).toBe(2);
    await deliver("team-review-reminder");
    expect(smtp.messages).toHaveLength(2);
    const dutch = mailTo(w.leader.user.email)!;
    expect(dutch.subject).toBe("Herinnering: de teamreview Teamreview najaar sluit over een week");
    expect(dutch.text).toContain(`/review/evaluation/${alfaReviewId}`);
    const german = mailTo(w.otherLeader.user.email)!;
    expect(german.subject).toBe("Erinnerung: Die Teambewertung Teamreview najaar endet in einer Woche");

    expect(await sendTeamReviewReminders(at("24"))).toBe(0);
    expect(await sendTeamReviewReminders(at("27"))).toBe(0);

    // Beta finishes; only Alfa's leader gets the last reminder.
    await finishTeamReview(await contextFor(w.otherLeader.cookie), betaReviewId);
    smtp.messages.length = 0;
    expect(await sendTeamReviewReminders(at("30"))).toBe(1);
    await deliver("team-review-reminder");
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0].envelopeTo).toEqual([w.leader.user.email]);
    expect(readMail(smtp.messages[0].raw).subject).toBe("Herinnering: de teamreview Teamreview najaar sluit morgen");
    expect(await sendTeamReviewReminders(at("30"))).toBe(0);

    const [alfaReviewer] = await getDb()
      .select()
      .from(reviewReviewers)
      .where(eq(reviewReviewers.reviewId, alfaReviewId));
    expect(alfaReviewer.remindersSent).toEqual(["7d", "1d"]);
  });
});
