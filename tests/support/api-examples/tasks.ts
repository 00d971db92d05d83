import { callApi } from "../api-contract";
import type { ExampleOf } from "./index";

export const taskExamples: Record<string, ExampleOf> = {
  listTasks: () => ({ query: { page: "1", pageSize: "50" } }),
  createTask: ({ role }) => ({ body: { type: "note", title: `Contract ${role}`, dueDate: "01-02-2027" } }),
  // Leider's task to medewerker: its sender reads and changes it, its receiver toggles it, others get 404.
  getTask: ({ w }) => ({ params: { id: w.demo.task } }),
  updateTask: ({ w }) => ({ params: { id: w.demo.task }, body: { title: "Contract: gewijzigd" } }),
  toggleTaskDone: ({ w }) => ({ params: { id: w.demo.task } }),
  markTaskSeen: ({ w }) => ({ params: { id: w.demo.task } }),
  // Each user removes a note of their own (made here); one without a membership gets the 404 of the demo task.
  deleteTask: async ({ w, freshToken }) => {
    const token = await freshToken();
    const made = await callApi({ method: "POST", url: "/api/tasks", token, body: { type: "note", title: "Weg" } });
    const id = (made.body as { task?: { id: string } }).task?.id ?? w.demo.task;
    return { params: { id }, token };
  },
};
