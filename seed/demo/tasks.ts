/**
 * Tasks and notes between leider@demo.nl and medewerker@demo.nl (Zorggroep Noord): open, done, overdue
 * and archived tasks both ways, one to himself, one to hr@demo.nl, and a few private notes. Through the tasks service (it
 * joins the transaction); due dates are relative to the seed's `now`.
 */
import { createTask, markTaskSeen, setTaskArchived, setTaskDone, type TaskCtx } from "~/features/tasks/tasks.server";
import { formatDate } from "~/utils/format";
import { addDays, type SeedContext } from "../context";
import { demoUsers } from "../demo-data";
import type { DemoTenants } from "./accounts-and-clusters";
import type { DemoPeople } from "./users";

/** Titles tests look for. */
export const demoTasks = {
  /** leider → medewerker, open, due next week, not seen yet. */
  openForMedewerker: "Inwerkplan doornemen",
  /** leider → medewerker, open and overdue, seen. */
  overdueForMedewerker: "Scholingsplan invullen",
  /** leider → medewerker, done. */
  doneForMedewerker: "Rooster controleren",
  /** leider → medewerker, archived. */
  archivedForMedewerker: "BHV-cursus aanmelden",
  /** medewerker → leider, open, not seen yet. */
  openForLeider: "Verlofaanvraag bekijken",
  /** medewerker → leider, done. */
  doneForLeider: "Vragen over de evaluatie beantwoorden",
  /** leider → hr, open, seen, due in ten days (hr's four-weekly digest, seed/demo/digests.ts). */
  openForHr: "Vacature teamleider bespreken",
  /** leider → himself. */
  leiderSelf: "Teamoverleg voorbereiden",
  /** medewerker's private note. */
  medewerkerNote: "Punten voor mijn functioneringsgesprek",
  /** leider's private notes (one archived). */
  leiderNote: "Ideeën voor de teamdag",
  leiderArchivedNote: "Oude aantekeningen rooster",
} as const;

type Spec = {
  from: "leider" | "medewerker";
  to: "leider" | "medewerker" | "hr";
  type: "task" | "note";
  title: string;
  description?: string;
  dueInDays?: number;
  seen?: boolean;
  done?: boolean;
  archived?: boolean;
};

const specs: Spec[] = [
  {
    from: "leider",
    to: "medewerker",
    type: "task",
    title: demoTasks.openForMedewerker,
    description: "Lees het inwerkplan en noteer je vragen voor ons volgende gesprek.",
    dueInDays: 7,
  },
  { from: "leider", to: "medewerker", type: "task", title: demoTasks.overdueForMedewerker, dueInDays: -5, seen: true },
  { from: "leider", to: "medewerker", type: "task", title: demoTasks.doneForMedewerker, dueInDays: -2, done: true },
  {
    from: "leider",
    to: "medewerker",
    type: "task",
    title: demoTasks.archivedForMedewerker,
    done: true,
    archived: true,
  },
  { from: "medewerker", to: "leider", type: "task", title: demoTasks.openForLeider, dueInDays: 3 },
  { from: "medewerker", to: "leider", type: "task", title: demoTasks.doneForLeider, done: true },
  { from: "leider", to: "leider", type: "task", title: demoTasks.leiderSelf, dueInDays: 10 },
  { from: "leider", to: "hr", type: "task", title: demoTasks.openForHr, dueInDays: 10, seen: true },
  {
    from: "medewerker",
    to: "medewerker",
    type: "note",
    title: demoTasks.medewerkerNote,
    description: "Werkdruk in het weekend, scholing wondzorg.",
  },
  { from: "leider", to: "leider", type: "note", title: demoTasks.leiderNote },
  { from: "leider", to: "leider", type: "note", title: demoTasks.leiderArchivedNote, archived: true },
];

export async function seedTasks(
  { tx, now }: SeedContext,
  input: { tenants: DemoTenants; people: DemoPeople },
): Promise<void> {
  const cluster = input.tenants.clusters.noord;
  const ctxOf = (who: "leider" | "medewerker" | "hr"): TaskCtx => ({
    ...cluster,
    membershipId: input.people.membershipOf(demoUsers[who], "noord"),
  });
  for (const spec of specs) {
    const sender = ctxOf(spec.from);
    const receiver = ctxOf(spec.to);
    const created = await createTask(
      sender,
      spec.type,
      {
        title: spec.title,
        description: spec.description ?? "",
        dueDate: spec.dueInDays === undefined ? "" : formatDate(addDays(now, spec.dueInDays)),
        receiverId: receiver.membershipId!,
      },
      tx,
    );
    if (!created.ok) throw new Error(`demo task not created: ${spec.title} (${created.errorKey})`);
    if (spec.seen) await markTaskSeen(receiver, created.id, {}, tx);
    if (spec.done) await setTaskDone(receiver, created.id, true, tx);
    if (spec.archived) await setTaskArchived(sender, created.id, true, tx);
  }
}
