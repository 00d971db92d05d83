import { describe, expect, it } from "vitest";
import { safeTaskHref, taskListHref, typeForTab } from "./task-links";
import { isOverdue, taskAbilities, todayIn } from "./task-rules";
import { taskFormSchema } from "./tasks.schema";

const A = "a";
const B = "b";

describe("taskAbilities", () => {
  it("a note is its author's alone, and has no done or seen", () => {
    const note = { type: "note" as const, senderId: A, receiverId: A };
    expect(taskAbilities(note, A)).toEqual({
      view: true,
      edit: true,
      delete: true,
      done: false,
      seen: false,
      archive: true,
    });
    expect(Object.values(taskAbilities(note, B)).some(Boolean)).toBe(false);
    expect(Object.values(taskAbilities(note, null)).some(Boolean)).toBe(false);
  });

  it("a task: the sender edits and deletes, the receiver marks done and seen, both archive", () => {
    const task = { type: "task" as const, senderId: A, receiverId: B };
    expect(taskAbilities(task, A)).toMatchObject({ view: true, edit: true, delete: true, done: false, seen: false });
    expect(taskAbilities(task, B)).toMatchObject({ view: true, edit: false, delete: false, done: true, seen: true });
    expect(taskAbilities(task, A).archive && taskAbilities(task, B).archive).toBe(true);
    expect(Object.values(taskAbilities(task, "c")).some(Boolean)).toBe(false);
  });

  it("a task to myself: I may do everything", () => {
    expect(Object.values(taskAbilities({ type: "task", senderId: A, receiverId: A }, A)).every(Boolean)).toBe(true);
  });
});

describe("due dates", () => {
  it("is overdue when open and due before today", () => {
    expect(isOverdue({ done: false, dueDate: "2026-03-01" }, "2026-03-02")).toBe(true);
    expect(isOverdue({ done: false, dueDate: "2026-03-02" }, "2026-03-02")).toBe(false);
    expect(isOverdue({ done: true, dueDate: "2026-03-01" }, "2026-03-02")).toBe(false);
    expect(isOverdue({ done: false, dueDate: null }, "2026-03-02")).toBe(false);
  });

  it("today is the day in the given time zone", () => {
    expect(todayIn("Europe/Amsterdam", new Date("2026-03-01T23:30:00Z"))).toBe("2026-03-02");
    expect(todayIn("UTC", new Date("2026-03-01T23:30:00Z"))).toBe("2026-03-01");
  });
});

describe("task links", () => {
  it("keeps redirects on tasks pages of this site", () => {
    expect(safeTaskHref("/tasks/inbox?done=1", "/x")).toBe("/tasks/inbox?done=1");
    expect(safeTaskHref("/tasks/send/0b7d3c8e-5d0a-4b1e-9a53-6f2a1f0c9d11", "/x")).toBe(
      "/tasks/send/0b7d3c8e-5d0a-4b1e-9a53-6f2a1f0c9d11",
    );
    expect(safeTaskHref("//evil.example/tasks/inbox", "/x")).toBe("/x");
    expect(safeTaskHref("https://evil.example", "/x")).toBe("/x");
    expect(safeTaskHref(null, "/x")).toBe("/x");
  });

  it("lists and types per tab", () => {
    expect(taskListHref("inbox", true)).toBe("/tasks/inbox?done=1");
    expect(taskListHref("notes", false)).toBe("/tasks/notes");
    expect(typeForTab("notes")).toBe("note");
    expect(typeForTab("send")).toBe("task");
  });
});

describe("taskFormSchema", () => {
  it("needs a title and a real dd-MM-yyyy date", () => {
    const empty = taskFormSchema.safeParse({ title: "  ", dueDate: "31-02-2026" });
    expect(empty.success).toBe(false);
    const messages = empty.error!.issues.map((i) => `${i.path.join(".")}:${i.message}`);
    expect(messages).toEqual(["title:tasks:form.titleRequired", "dueDate:validation:date"]);
    expect(taskFormSchema.parse({ title: " Bellen ", dueDate: "1-3-2026" })).toMatchObject({
      title: "Bellen",
      dueDate: "1-3-2026",
      description: "",
    });
  });
});
