/**
 * Tasks and notes (issue #17) against the seeded demo: who sees what through every page and API route,
 * the tabs, seen on opening, the refusals with the spec's messages, and bad input.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { tasks } from "#db/schema";
import { action as detailAction, loader as detailLoader } from "~/routes/_app+/tasks+/$tab.$id._index";
import { action as deleteAction, loader as deleteLoader } from "~/routes/_app+/tasks+/$tab.$id.delete";
import { action as editAction, loader as editLoader } from "~/routes/_app+/tasks+/$tab.$id.edit";
import { loader as dashboardLoader } from "~/routes/_app+/dashboard+/index";
import { loader as layoutLoader } from "~/routes/_app+/_layout";
import { loader as teamPageLoader } from "~/routes/_app+/personnel+/teams.$id._tabs+/_layout";
import { loader as employeePageLoader } from "~/routes/_app+/personnel+/user.$id._tabs+/_layout";
import { loader as listLoader } from "~/routes/_app+/tasks+/$tab._index";
import { action as newAction, loader as newLoader } from "~/routes/_app+/tasks+/$tab.new";
import { loader as apiTaskLoader } from "~/routes/api+/task.$id";
import { action as apiTasksAction, loader as apiTasksLoader } from "~/routes/api+/tasks";
import { action as apiTaskAction } from "~/routes/api+/tasks.$id";
import { action as apiDoneAction } from "~/routes/api+/tasks.$id.done";
import { action as apiSeenAction } from "~/routes/api+/tasks.$id.seen";
import { demoTasks } from "../../seed/demo/tasks";
import { BASE, context, formRequest, getRequest, run, unwrapData } from "../support/http";
import { demoRoles, demoWorld, type DemoRole, type DemoWorld } from "../support/demo-world";

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
}, 120_000);

const taskTabs = ["inbox", "received", "send", "notes", "archive"] as const;

async function rowOf(title: string) {
  const [row] = await getDb().select().from(tasks).where(eq(tasks.title, title));
  return row;
}

function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  return unwrapData(result).status;
}

function api(method: string, path: string, cookie: string, body?: unknown) {
  return new Request(BASE + path, {
    method,
    headers: { Cookie: cookie, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Every page and API call on one task id, as one user: the status of each. */
async function everyRoute(id: string, cookie: string) {
  const params = { tab: "inbox", id };
  const calls: Record<string, () => Promise<unknown>> = {
    "page loader": () =>
      detailLoader({ request: getRequest(`/tasks/inbox/${id}`, cookie), params, context: context() }),
    "page done": () =>
      detailAction({
        request: formRequest(`/tasks/inbox/${id}`, { intent: "done" }, cookie),
        params,
        context: context(),
      }),
    "page archive": () =>
      detailAction({
        request: formRequest(`/tasks/inbox/${id}`, { intent: "archive" }, cookie),
        params,
        context: context(),
      }),
    "edit loader": () =>
      editLoader({ request: getRequest(`/tasks/inbox/${id}/edit`, cookie), params, context: context() }),
    "edit action": () =>
      editAction({
        request: formRequest(`/tasks/inbox/${id}/edit`, { title: "Overgenomen" }, cookie),
        params,
        context: context(),
      }),
    "delete loader": () =>
      deleteLoader({ request: getRequest(`/tasks/inbox/${id}/delete`, cookie), params, context: context() }),
    "delete action": () =>
      deleteAction({ request: formRequest(`/tasks/inbox/${id}/delete`, {}, cookie), params, context: context() }),
    "GET api/task": () =>
      apiTaskLoader({ request: api("GET", `/api/task/${id}`, cookie), params: { id }, context: context() }),
    "PUT api/tasks": () =>
      apiTaskAction({
        request: api("PUT", `/api/tasks/${id}`, cookie, { title: "Overgenomen" }),
        params: { id },
        context: context(),
      }),
    "PUT done": () =>
      apiDoneAction({ request: api("PUT", `/api/tasks/${id}/done`, cookie), params: { id }, context: context() }),
    "PUT seen": () =>
      apiSeenAction({ request: api("PUT", `/api/tasks/${id}/seen`, cookie), params: { id }, context: context() }),
    "DELETE api/tasks": () =>
      apiTaskAction({ request: api("DELETE", `/api/tasks/${id}`, cookie), params: { id }, context: context() }),
  };
  const out: Record<string, number> = {};
  for (const [name, call] of Object.entries(calls)) out[name] = statusOf(await run(call));
  return out;
}

async function listedIds(role: DemoRole): Promise<string[]> {
  const ids: string[] = [];
  for (const tab of taskTabs) {
    const data = (await listLoader({
      request: getRequest(`/tasks/${tab}?done=1`, w.cookies[role]),
      params: { tab },
      context: context(),
    })) as { tasks: { id: string }[] | null };
    ids.push(...(data.tasks ?? []).map((t) => t.id));
  }
  const res = (await apiTasksLoader({
    request: api("GET", "/api/tasks", w.cookies[role]),
    params: {},
    context: context(),
  })) as Response;
  ids.push(...((await res.json()) as { tasks: { id: string }[] }).tasks.map((t) => t.id));
  return ids;
}

describe("privacy", () => {
  it("a note is invisible to every other demo user, through every page and API call", async () => {
    const before = await rowOf(demoTasks.medewerkerNote);
    for (const role of demoRoles.filter((r) => r !== "medewerker")) {
      const statuses = await everyRoute(w.demo.note, w.cookies[role]);
      expect(statuses, role).toEqual(Object.fromEntries(Object.keys(statuses).map((k) => [k, 404])));
      expect(await listedIds(role), role).not.toContain(w.demo.note);
    }
    expect(await rowOf(demoTasks.medewerkerNote)).toEqual(before);
    expect(await listedIds("medewerker")).toContain(w.demo.note);
  });

  it("a task is seen only by its sender and receiver; every other user gets 404", async () => {
    const before = await rowOf(demoTasks.openForMedewerker);
    for (const role of ["admin", "hr", "meerdere", "andere"] as const) {
      const statuses = await everyRoute(w.demo.task, w.cookies[role]);
      expect(statuses, role).toEqual(Object.fromEntries(Object.keys(statuses).map((k) => [k, 404])));
      expect(await listedIds(role), role).not.toContain(w.demo.task);
    }
    expect(await rowOf(demoTasks.openForMedewerker)).toEqual(before);
    expect(await listedIds("leider")).toContain(w.demo.task);
    expect(await listedIds("medewerker")).toContain(w.demo.task);
  });

  it("another account's task and note, and ids that are no id, are 404 for the demo users", async () => {
    for (const role of ["admin", "leider", "medewerker"] as const) {
      for (const id of [w.andere.task, w.andere.note, "not-a-uuid"]) {
        const statuses = await everyRoute(id, w.cookies[role]);
        expect(
          Object.values(statuses).every((s) => s === 404),
          `${role} ${id}`,
        ).toBe(true);
      }
    }
  });
});

describe("tabs", () => {
  it("inbox: open tasks given to me, overdue first; the toggle adds the done ones; archive and notes apart", async () => {
    const list = async (tab: string, query = "") =>
      (
        (await listLoader({
          request: getRequest(`/tasks/${tab}${query}`, w.cookies.medewerker),
          params: { tab },
          context: context(),
        })) as { tasks: { title: string; overdue: boolean; done: boolean }[] }
      ).tasks;
    const inbox = await list("inbox");
    expect(inbox.map((t) => t.title)).toEqual([demoTasks.overdueForMedewerker, demoTasks.openForMedewerker]);
    expect(inbox[0].overdue).toBe(true);
    const withDone = await list("inbox", "?done=1");
    expect(withDone.map((t) => t.title)).toContain(demoTasks.doneForMedewerker);
    expect(withDone.at(-1)?.done).toBe(true);
    expect((await list("notes")).map((t) => t.title)).toEqual([demoTasks.medewerkerNote]);
    expect((await list("archive")).map((t) => t.title)).toEqual([demoTasks.archivedForMedewerker]);
    expect((await list("send")).map((t) => t.title).sort()).toEqual(
      [demoTasks.openForLeider, demoTasks.doneForLeider].sort(),
    );
  });

  it("send shows whether the receiver has seen it; received leaves out tasks to myself", async () => {
    const send = (
      (await listLoader({
        request: getRequest("/tasks/send", w.cookies.leider),
        params: { tab: "send" },
        context: context(),
      })) as { tasks: { title: string; seen: boolean }[] }
    ).tasks;
    expect(send.find((t) => t.title === demoTasks.overdueForMedewerker)?.seen).toBe(true);
    expect(send.find((t) => t.title === demoTasks.doneForMedewerker)?.seen).toBe(true);
    const received = (
      (await listLoader({
        request: getRequest("/tasks/received", w.cookies.leider),
        params: { tab: "received" },
        context: context(),
      })) as { tasks: { title: string }[] }
    ).tasks.map((t) => t.title);
    expect(received).toEqual([demoTasks.openForLeider]);
  });
});

describe("dashboard", () => {
  it("shows the tasks block to people with an employee record; its count is the layout's badge, read once", async () => {
    const shown = async (role: DemoRole) =>
      (
        (await dashboardLoader({
          request: getRequest("/dashboard", w.cookies[role]),
          params: {},
          context: context(),
        })) as { showTasks: boolean }
      ).showTasks;
    expect(await shown("medewerker")).toBe(true);
    expect(await shown("hr")).toBe(true);
  });

  it("the navigation's tasks entry shows the same count on every page", async () => {
    const badge = async (role: DemoRole) =>
      (
        (await layoutLoader({
          request: getRequest("/my/profile/details", w.cookies[role]),
          params: {},
          context: context(),
        })) as { badges: Record<string, number> }
      ).badges.tasks;
    expect(await badge("medewerker")).toBe(1);
    expect(await badge("leider")).toBe(1);
    expect(await badge("hr")).toBe(0);
  });
});

describe("states", () => {
  it("opening marks seen for the receiver only", async () => {
    const id = (await rowOf(demoTasks.openForLeider)).id;
    // Its sender opens it: still unseen.
    await detailLoader({
      request: getRequest(`/tasks/send/${id}`, w.cookies.medewerker),
      params: { tab: "send", id },
      context: context(),
    });
    expect((await rowOf(demoTasks.openForLeider)).seenAt).toBeNull();
    await detailLoader({
      request: getRequest(`/tasks/inbox/${id}`, w.cookies.leider),
      params: { tab: "inbox", id },
      context: context(),
    });
    expect((await rowOf(demoTasks.openForLeider)).seenAt).not.toBeNull();
  });

  it("done is the receiver's: the sender is sent back with the spec's message and nothing changes", async () => {
    const id = w.demo.task;
    const refused = (await detailAction({
      request: formRequest(`/tasks/send/${id}`, { intent: "done", redirectTo: "/tasks/send" }, w.cookies.leider),
      params: { tab: "send", id },
      context: context(),
    })) as Response;
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/tasks/send");
    expect((await rowOf(demoTasks.openForMedewerker)).done).toBe(false);
    const api403 = (await apiDoneAction({
      request: api("PUT", `/api/tasks/${id}/done`, w.cookies.leider),
      params: { id },
      context: context(),
    })) as Response;
    expect(api403.status).toBe(403);
    expect(((await api403.json()) as { message: string }).message).toBe("Gebruiker kon niet geupdate worden");

    const ok = (await detailAction({
      request: formRequest(`/tasks/inbox/${id}`, { intent: "done", redirectTo: "/tasks/inbox" }, w.cookies.medewerker),
      params: { tab: "inbox", id },
      context: context(),
    })) as Response;
    expect(ok.headers.get("Location")).toBe("/tasks/inbox");
    expect((await rowOf(demoTasks.openForMedewerker)).done).toBe(true);
    // And back through the API's toggle.
    const again = (await apiDoneAction({
      request: api("PUT", `/api/tasks/${id}/done`, w.cookies.medewerker),
      params: { id },
      context: context(),
    })) as Response;
    // The API sends done as 0/1 (spec §3, decision 1751).
    expect(((await again.json()) as { task: { done: number } }).task.done).toBe(0);
  });

  it("archive and back, by sender or receiver", async () => {
    const id = w.demo.task;
    await detailAction({
      request: formRequest(`/tasks/inbox/${id}`, { intent: "archive" }, w.cookies.medewerker),
      params: { tab: "inbox", id },
      context: context(),
    });
    expect((await rowOf(demoTasks.openForMedewerker)).archivedAt).not.toBeNull();
    await detailAction({
      request: formRequest(`/tasks/archive/${id}`, { intent: "unarchive" }, w.cookies.leider),
      params: { tab: "archive", id },
      context: context(),
    });
    expect((await rowOf(demoTasks.openForMedewerker)).archivedAt).toBeNull();
  });

  it("delete is the sender's: the receiver is refused with the spec's message", async () => {
    const id = w.demo.task;
    const refused = await run(() =>
      deleteAction({
        request: formRequest(`/tasks/inbox/${id}/delete`, {}, w.cookies.medewerker),
        params: { tab: "inbox", id },
        context: context(),
      }),
    );
    expect(unwrapData(refused)).toMatchObject({ status: 403, data: { error: "tasks:errors.delete" } });
    const apiRefused = (await apiTaskAction({
      request: api("DELETE", `/api/tasks/${id}`, w.cookies.medewerker),
      params: { id },
      context: context(),
    })) as Response;
    expect(apiRefused.status).toBe(403);
    expect(((await apiRefused.json()) as { message: string }).message).toBe("Taak kon niet verwijderd worden");
    expect(await rowOf(demoTasks.openForMedewerker)).toBeDefined();
  });
});

describe("create, edit and bad input", () => {
  it("a task with an empty title, an impossible date and an unknown receiver: messages, input kept, nothing saved", async () => {
    const count = async () => (await getDb().select().from(tasks)).length;
    const before = await count();
    const fields = { title: "  ", description: "Mijn tekst", dueDate: "31-02-2026", receiverId: "" };
    const first = unwrapData(
      await newAction({
        request: formRequest("/tasks/inbox/new", fields, w.cookies.medewerker),
        params: { tab: "inbox" },
        context: context(),
      }),
    );
    expect(first.status).toBe(400);
    const reply = first.data as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(reply.error.title).toEqual(["tasks:form.titleRequired"]);
    expect(reply.error.dueDate).toEqual(["validation:date"]);
    expect(reply.initialValue.description).toBe("Mijn tekst");

    // A membership of another account as receiver.
    const andereReceiver = (await rowOf("Audit-taak")).receiverId;
    const second = unwrapData(
      await newAction({
        request: formRequest(
          "/tasks/inbox/new",
          { title: "Bellen", dueDate: "1-3-2026", receiverId: andereReceiver },
          w.cookies.medewerker,
        ),
        params: { tab: "inbox" },
        context: context(),
      }),
    );
    expect(second.status).toBe(400);
    expect((second.data as { error: Record<string, string[]> }).error.receiverId).toEqual([
      "tasks:form.receiverUnknown",
    ]);
    expect(await count()).toBe(before);

    // readJsonBody throws its 422 (Remix sends a thrown Response as it is).
    const api422 = (await run(() =>
      apiTasksAction({
        request: api("POST", "/api/tasks", w.cookies.medewerker, { title: "", dueDate: "2026-03-01" }),
        params: {},
        context: context(),
      }),
    )) as Response;
    expect(api422.status).toBe(422);
    const issues = ((await api422.json()) as { issues: { path: string; message: string }[] }).issues;
    expect(issues).toEqual([
      { path: "title", message: "Vul een titel in" },
      { path: "dueDate", message: "Typ een geldige datum als dd-mm-jjjj" },
    ]);
    const apiReceiver = (await apiTasksAction({
      request: api("POST", "/api/tasks", w.cookies.medewerker, { title: "Bellen", receiverId: andereReceiver }),
      params: {},
      context: context(),
    })) as Response;
    expect(apiReceiver.status).toBe(422);
    expect(((await apiReceiver.json()) as { issues: { path: string }[] }).issues[0].path).toBe("receiverId");
    expect(await count()).toBe(before);
  });

  it("gives a task to a colleague, who finds it unseen; the sender edits it; a note stays the author's", async () => {
    const leiderId = (await rowOf(demoTasks.leiderSelf)).receiverId;
    const created = (await newAction({
      request: formRequest(
        "/tasks/inbox/new",
        { title: "Rapport lezen", dueDate: "15-12-2026", receiverId: leiderId },
        w.cookies.medewerker,
      ),
      params: { tab: "inbox" },
      context: context(),
    })) as Response;
    expect(created.status).toBe(302);
    const row = await rowOf("Rapport lezen");
    expect(row).toMatchObject({ type: "task", receiverId: leiderId, dueDate: "2026-12-15", seenAt: null });

    const edited = (await editAction({
      request: formRequest(
        `/tasks/send/${row.id}/edit`,
        { title: "Rapport lezen en tekenen", dueDate: "", receiverId: leiderId },
        w.cookies.medewerker,
      ),
      params: { tab: "send", id: row.id },
      context: context(),
    })) as Response;
    expect(edited.headers.get("Location")).toBe(`/tasks/send/${row.id}`);
    expect(await rowOf("Rapport lezen en tekenen")).toMatchObject({ dueDate: null });

    // The receiver may not edit it.
    const refused = unwrapData(
      await editAction({
        request: formRequest(`/tasks/inbox/${row.id}/edit`, { title: "Van mij" }, w.cookies.leider),
        params: { tab: "inbox", id: row.id },
        context: context(),
      }),
    );
    expect(refused.status).toBe(403);
    expect((refused.data as { error: Record<string, string[]> }).error[""]).toEqual(["tasks:errors.save"]);

    // A note ignores any receiver: it is its author's.
    await newAction({
      request: formRequest("/tasks/notes/new", { title: "Eigen notitie", receiverId: leiderId }, w.cookies.medewerker),
      params: { tab: "notes" },
      context: context(),
    });
    const note = await rowOf("Eigen notitie");
    expect(note.type).toBe("note");
    expect(note.receiverId).toBe(note.senderId);
    expect(note.senderId).not.toBe(leiderId);
  });

  it("about: a person of my cluster is shown as a link for who may open it; another account's is refused", async () => {
    const foreign = unwrapData(
      await newAction({
        request: formRequest(
          "/tasks/inbox/new",
          { title: "Gesprek plannen", aboutType: "person", aboutId: w.andere.led.employee },
          w.cookies.hr,
        ),
        params: { tab: "inbox" },
        context: context(),
      }),
    );
    expect((foreign.data as { error: Record<string, string[]> }).error.aboutId).toEqual(["tasks:form.aboutUnknown"]);

    await newAction({
      request: formRequest(
        "/tasks/inbox/new",
        { title: "Gesprek plannen", aboutType: "person", aboutId: w.demo.led.employee },
        w.cookies.hr,
      ),
      params: { tab: "inbox" },
      context: context(),
    });
    const row = await rowOf("Gesprek plannen");
    const page = (await detailLoader({
      request: getRequest(`/tasks/inbox/${row.id}`, w.cookies.hr),
      params: { tab: "inbox", id: row.id },
      context: context(),
    })) as { aboutHref: string | null; task: { about: { name: string } | null } };
    expect(page.aboutHref).toBe(`/personnel/user/${w.demo.led.employee}`);
    expect(page.task.about?.name).toBeTruthy();
  });
});

describe("a task from the places people work", () => {
  it("an employee's page and a team page offer the task form with about filled in, to people with a membership", async () => {
    const employee = (await employeePageLoader({
      request: getRequest(`/personnel/user/${w.demo.led.employee}/details`, w.cookies.hr),
      params: { id: w.demo.led.employee },
      context: context(),
    })) as { mayGiveTask: boolean };
    expect(employee.mayGiveTask).toBe(true);
    const team = (await teamPageLoader({
      request: getRequest(`/personnel/teams/${w.demo.led.team}/members`, w.cookies.hr),
      params: { id: w.demo.led.team },
      context: context(),
    })) as { mayGiveTask: boolean };
    expect(team.mayGiveTask).toBe(true);

    // The link's target: the new-task form keeps what it is about for the service to check.
    const form = await run(() =>
      newLoader({
        request: getRequest(`/tasks/inbox/new?aboutType=team&aboutId=${w.demo.led.team}`, w.cookies.hr),
        params: { tab: "inbox" },
        context: context(),
      }),
    );
    expect((form as { about: unknown }).about).toEqual({ aboutType: "team", aboutId: w.demo.led.team });
  });
});

describe("a task about a review result or a dialog (decision 1260)", () => {
  /** hr gives `receiver` a task about something; returns the task's id. */
  async function giveAbout(title: string, aboutType: string, aboutId: string, receiverId = "") {
    const result = await newAction({
      request: formRequest("/tasks/inbox/new", { title, aboutType, aboutId, receiverId }, w.cookies.hr),
      params: { tab: "inbox" },
      context: context(),
    });
    return { result, row: await rowOf(title) };
  }
  async function aboutAs(id: string, cookie: string) {
    return (await detailLoader({
      request: getRequest(`/tasks/inbox/${id}`, cookie),
      params: { tab: "inbox", id },
      context: context(),
    })) as { aboutHref: string | null; task: { about: { type: string; name: string } | null } };
  }

  it("the team review results page links to the task form; the task links back to the results", async () => {
    const form = await run(() =>
      newLoader({
        request: getRequest(`/tasks/inbox/new?aboutType=review&aboutId=${w.demo.led.round}`, w.cookies.hr),
        params: { tab: "inbox" },
        context: context(),
      }),
    );
    expect((form as { about: unknown }).about).toEqual({ aboutType: "review", aboutId: w.demo.led.round });
    const { row } = await giveAbout("Uitslag bespreken", "review", w.demo.led.round);
    expect(row).toMatchObject({ aboutType: "review", aboutId: w.demo.led.round });
    const page = await aboutAs(row.id, w.cookies.hr);
    expect(page.aboutHref).toBe(`/review/result/${w.demo.led.round}`);
    expect(page.task.about?.name).toBeTruthy();

    // medewerker may not open the results (no reviews.manage): the name without a link.
    const [demoTask] = await getDb().select().from(tasks).where(eq(tasks.id, w.demo.task));
    const toMedewerker = await giveAbout("Uitslag lezen", "review", w.demo.led.round, demoTask.receiverId);
    const theirs = await aboutAs(toMedewerker.row.id, w.cookies.medewerker);
    expect(theirs.aboutHref).toBeNull();
    expect(theirs.task.about?.name).toBe(page.task.about?.name);
  });

  it("a self review's task links to the result of the person it concerns; who may not open it sees the name", async () => {
    const { row } = await giveAbout(
      "Zelfevaluatie nabespreken",
      "review",
      w.demo.led.selfReview,
      w.demo.led.selfParticipant,
    );
    expect(row.receiverId).toBe(w.demo.led.selfParticipant);
    // hr manages the self review and is no participant: the receiver's result.
    const page = await aboutAs(row.id, w.cookies.hr);
    expect(page.aboutHref).toBe(`/selfreview/result/${w.demo.led.selfReview}/${w.demo.led.selfParticipant}`);
  });

  it("an employee cannot name a review or dialog of the cluster they may not see (its name would show): page and API", async () => {
    // medewerker@demo.nl holds no reviews.manage and is not the dialog's person: both are someone else's.
    const refusals: unknown[] = [];
    for (const [aboutType, aboutId] of [
      ["review", w.demo.led.round],
      ["dialog", w.demo.led.dialog],
    ] as const) {
      const title = `Nieuwsgierig ${aboutType}`;
      const page = unwrapData(
        await newAction({
          request: formRequest("/tasks/notes/new", { title, aboutType, aboutId }, w.cookies.medewerker),
          params: { tab: "notes" },
          context: context(),
        }),
      );
      refusals.push([page.status, (page.data as { error: Record<string, string[]> }).error.aboutId]);
      const viaApi = (await apiTasksAction({
        request: api("POST", "/api/tasks", w.cookies.medewerker, { type: "note", title, aboutType, aboutId }),
        params: {},
        context: context(),
      })) as Response;
      refusals.push(viaApi.status);
      expect(await rowOf(title)).toBeUndefined();
    }
    expect(refusals).toEqual([[400, ["tasks:form.aboutUnknown"]], 422, [400, ["tasks:form.aboutUnknown"]], 422]);
  });

  it("a dialog can be what a task is about: linked for who may open the dialog; another account's is refused", async () => {
    const foreign = unwrapData((await giveAbout("Dialoog elders", "dialog", w.andere.led.dialog)).result);
    expect((foreign.data as { error: Record<string, string[]> }).error.aboutId).toEqual(["tasks:form.aboutUnknown"]);
    expect(await rowOf("Dialoog elders")).toBeUndefined();

    const { row } = await giveAbout("Actie uit de dialoog", "dialog", w.demo.led.dialog, w.demo.led.employee);
    expect(row).toMatchObject({ aboutType: "dialog", aboutId: w.demo.led.dialog });
    const page = await aboutAs(row.id, w.cookies.hr);
    expect(page.task.about).toMatchObject({ type: "dialog" });
    expect(page.task.about?.name).toBeTruthy();
    expect(page.aboutHref).toBe(`/dialogs/${w.demo.led.dialog}`);
  });
});
