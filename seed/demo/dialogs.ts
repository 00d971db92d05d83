/**
 * Development dialogs (issue #18): medewerker@demo.nl has one dialog in progress with leider@demo.nl as
 * leader: two learning goals with initiatives (progress, an open issue, notes, a link) and actions of
 * which some are done, an archived learning goal, a meeting, and the history of how it came about.
 */
import { dialogActions, dialogInitiativeLinks, dialogInitiatives, dialogLearningGoals, dialogs } from "#db/schema";
import { logDialogEvent } from "~/features/dialogs/dialog-events.server";
import { addDays, isoDate, type SeedContext } from "../context";
import { demoUsers } from "../demo-data";
import type { DemoTenants } from "./accounts-and-clusters";
import type { DemoPeople } from "./users";

type DemoInitiative = {
  title: string;
  progress: number;
  openIssue?: boolean;
  notes?: string;
  links?: { title: string; url: string }[];
  actions: [string, boolean][];
};

const goals: { title: string; archived?: boolean; initiatives: DemoInitiative[] }[] = [
  {
    title: "Coachende vaardigheden ontwikkelen",
    initiatives: [
      {
        title: "Training coachend begeleiden volgen",
        progress: 60,
        notes: "Twee van de drie dagdelen gevolgd; de laatste in de volgende maand.",
        links: [{ title: "Opleidingsaanbod", url: "https://www.example.org/opleidingen/coachend-begeleiden" }],
        actions: [
          ["Training aanvragen bij de opleidingscoördinator", true],
          ["Dagdeel 1 en 2 volgen", true],
          ["Dagdeel 3 volgen en evalueren", false],
        ],
      },
      {
        title: "Nieuwe collega's begeleiden",
        progress: 30,
        actions: [
          ["Inwerkschema opstellen met de teamleider", true],
          ["Twee nieuwe collega's een maand begeleiden", false],
        ],
      },
    ],
  },
  {
    title: "Leren plannen en roosteren",
    initiatives: [
      {
        title: "Meelopen met de roosteraar",
        progress: 10,
        openIssue: true,
        notes: "Nog geen vaste dag afgesproken met de roosteraar.",
        actions: [
          ["Afspraak maken met de roosteraar", false],
          ["Een weekrooster zelf opstellen", false],
        ],
      },
    ],
  },
  { title: "Cursus Excel", archived: true, initiatives: [] },
];

export async function seedDialogs(
  { tx, now }: SeedContext,
  input: { tenants: DemoTenants; people: DemoPeople },
): Promise<void> {
  const noord = input.tenants.clusters.noord;
  const person = input.people.membershipOf(demoUsers.medewerker, "noord");
  const leader = input.people.membershipOf(demoUsers.leider, "noord");
  const tenant = { accountId: noord.accountId, clusterId: noord.clusterId };
  const started = addDays(now, -60);
  const [dialog] = await tx
    .insert(dialogs)
    .values({
      ...tenant,
      membershipId: person,
      leaderMembershipId: leader,
      objective: "Doorgroeien naar coördinerend verpleegkundige binnen een jaar.",
      createdBy: leader,
      createdAt: started,
      updatedAt: addDays(now, -3),
    })
    .returning();
  const asLeader = { membershipId: leader };
  const asPerson = { membershipId: person };
  await logDialogEvent(tx, asLeader, dialog, "created", dialog.objective, { at: started });
  let day = -59;
  for (const goal of goals) {
    const [row] = await tx
      .insert(dialogLearningGoals)
      .values({
        ...tenant,
        dialogId: dialog.id,
        title: goal.title,
        archived: goal.archived ?? false,
        createdAt: started,
      })
      .returning();
    await logDialogEvent(tx, asLeader, dialog, "goalAdded", goal.title, { at: addDays(now, day) });
    for (const i of goal.initiatives) {
      const [initiative] = await tx
        .insert(dialogInitiatives)
        .values({
          ...tenant,
          dialogId: dialog.id,
          learningGoalId: row.id,
          title: i.title,
          progress: i.progress,
          openIssue: i.openIssue ?? false,
          notes: i.notes ?? "",
          createdAt: addDays(now, day),
        })
        .returning();
      await logDialogEvent(tx, asPerson, dialog, "initiativeAdded", i.title, { at: addDays(now, day) });
      for (const link of i.links ?? [])
        await tx
          .insert(dialogInitiativeLinks)
          .values({ ...tenant, dialogId: dialog.id, initiativeId: initiative.id, ...link });
      let position = 0;
      for (const [title, completed] of i.actions) {
        position += 1;
        const doneAt = addDays(now, day + 20 + position * 3);
        await tx.insert(dialogActions).values({
          ...tenant,
          dialogId: dialog.id,
          initiativeId: initiative.id,
          position,
          title,
          completed,
          completedAt: completed ? doneAt : null,
        });
        if (completed) await logDialogEvent(tx, asPerson, dialog, "actionCompleted", title, { at: doneAt });
      }
    }
    day += 1;
  }
  await logDialogEvent(tx, asLeader, dialog, "goalArchived", "Cursus Excel", { at: addDays(now, -50) });
  await logDialogEvent(tx, asLeader, dialog, "meeting", "", {
    at: addDays(now, -45),
    meetingDate: isoDate(addDays(now, -45)),
    summary: "Voortgang van de training besproken; afgesproken dat Lotte twee nieuwe collega's gaat begeleiden.",
  });
}
