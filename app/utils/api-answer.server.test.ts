import { describe, expect, it } from "vitest";
import { finishApiAnswer } from "./api-answer.server";

describe("finishApiAnswer", () => {
  it("turns an API server error that is not JSON into the JSON error body, without its text", async () => {
    const answer = finishApiAnswer(
      new Request("http://localhost/api/tags"),
      new Response("Error: boom\n    at secret.ts:1:1", { status: 500 }),
    );
    expect(answer.status).toBe(500);
    const body = await answer.text();
    expect(JSON.parse(body)).toMatchObject({ error: "serverError" });
    expect(body).not.toContain("secret.ts");
  });

  it("leaves pages and JSON answers as they are", () => {
    const page = new Response("<html>", { status: 500 });
    expect(finishApiAnswer(new Request("http://localhost/tags"), page)).toBe(page);
    const json = Response.json({ error: "x", message: "y" }, { status: 503 });
    expect(finishApiAnswer(new Request("http://localhost/api/tags"), json)).toBe(json);
  });
});
