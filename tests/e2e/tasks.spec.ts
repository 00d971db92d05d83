import { demoUserNames, demoUsers } from "../../seed/demo-data";
import { expect, signIn, test, waitForHydrationOnGoto } from "./fixtures";
import { createLeaderRound } from "./support/reviews";

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const name = (key: "leider" | "medewerker") => `${demoUserNames[key].firstName} ${demoUserNames[key].lastName}`;

test.describe("tasks and notes", () => {
  test("a leader gives a task; the receiver sees it, completes it, archives and restores it", async ({
    page,
    browser,
  }) => {
    const title = `Dienst ruilen ${stamp()}`;
    await signIn(page, demoUsers.leider, { at: "/tasks/inbox" });
    await page.getByRole("link", { name: "Nieuwe taak" }).click();
    await page.getByLabel("Titel").fill(title);
    await page.getByLabel("Omschrijving").fill("Kun je zaterdag met Sanne ruilen?");
    await page.getByLabel("Deadline").fill("15-12-2030");
    await page.getByLabel("Voor", { exact: true }).selectOption({ label: name("medewerker") });
    await page.getByRole("button", { name: "Taak opslaan" }).click();
    await expect(page.getByRole("status")).toContainText("Taak opgeslagen");

    await page.goto("/tasks/send");
    const sent = page.getByRole("row", { name: new RegExp(title) });
    await expect(sent).toContainText("Nog niet gezien");
    await expect(sent).toContainText("15-12-2030");

    // The receiver, in her own browser.
    const { baseURL, javaScriptEnabled } = test.info().project.use;
    const other = await browser.newContext({ baseURL, javaScriptEnabled, locale: "nl-NL" });
    const her = await other.newPage();
    if (javaScriptEnabled !== false) waitForHydrationOnGoto(her, baseURL);
    await signIn(her, demoUsers.medewerker);
    // The dashboard counts her unread tasks; the navigation leads to them.
    await her.goto("/dashboard"); // a first sign-in may land on the introduction
    await expect(her.getByRole("region", { name: "Taken" })).toContainText(/Je hebt \d+ nieuwe taken?\./);
    await her.getByRole("navigation").getByRole("link", { name: "Taken en notities" }).click();
    await expect(her).toHaveURL(/\/tasks\/inbox$/);
    const row = her.getByRole("row", { name: new RegExp(title) });
    await expect(row).toContainText("Nieuw");
    await expect(row).toContainText(name("leider"));
    await row.getByRole("link", { name: title }).click();
    await expect(her.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(her.getByText("Kun je zaterdag met Sanne ruilen?")).toBeVisible();
    await expect(her.getByText("Open · Gezien")).toBeVisible();

    // Completed from the list: it leaves the open inbox and shows with the toggle.
    await her.goto("/tasks/inbox");
    await her.getByRole("button", { name: `${title} afronden` }).click();
    await expect(her.getByRole("status")).toContainText("Afgerond");
    await expect(her.getByRole("row", { name: new RegExp(title) })).toHaveCount(0);
    await her.getByRole("link", { name: "Toon afgeronde taken" }).click();
    await expect(her.getByRole("button", { name: `${title} weer openen` })).toHaveAttribute("aria-pressed", "true");

    await her.getByRole("button", { name: `${title} archiveren` }).click();
    await expect(her.getByRole("status")).toContainText("Naar het archief verplaatst");
    await expect(her.getByRole("row", { name: new RegExp(title) })).toHaveCount(0);
    await her.goto("/tasks/archive");
    await her.getByRole("button", { name: `${title} terugzetten` }).click();
    await expect(her.getByRole("status")).toContainText("Teruggezet uit het archief");
    await her.goto("/tasks/inbox?done=1");
    await expect(her.getByRole("row", { name: new RegExp(title) })).toBeVisible();
    await other.close();

    // The sender sees that it was seen and done.
    await page.goto("/tasks/send");
    await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("Gezien · Afgerond");
  });

  test("a task and a note, each after one bad submit: messages next to the fields, nothing typed lost", async ({
    page,
  }) => {
    const task = `Rapport lezen ${stamp()}`;
    const note = `Eigen notitie ${stamp()}`;
    await signIn(page, demoUsers.medewerker, { at: "/tasks/inbox/new" });
    await page.getByLabel("Omschrijving").fill("Hoofdstuk 3 en 4");
    await page.getByLabel("Deadline").fill("31-02-2030");
    await page.getByRole("button", { name: "Taak opslaan" }).click();
    await expect(page.getByLabel("Titel")).toHaveAccessibleDescription("Vul een titel in");
    await expect(page.getByLabel("Deadline")).toHaveAccessibleDescription(/Typ een geldige datum als dd-mm-jjjj/);
    await expect(page.getByLabel("Omschrijving")).toHaveValue("Hoofdstuk 3 en 4");
    await expect(page.getByLabel("Deadline")).toHaveValue("31-02-2030");
    await page.getByLabel("Titel").fill(task);
    await page.getByLabel("Deadline").fill("28-02-2030");
    await page.getByRole("button", { name: "Taak opslaan" }).click();
    await expect(page.getByRole("status")).toContainText("Taak opgeslagen");
    await expect(page.getByRole("row", { name: new RegExp(task) })).toContainText("28-02-2030");

    await page.goto("/tasks/notes");
    await page.getByRole("link", { name: "Nieuwe notitie" }).click();
    await page.getByLabel("Omschrijving").fill("Alleen voor mij");
    await page.getByRole("button", { name: "Notitie opslaan" }).click();
    await expect(page.getByLabel("Titel")).toHaveAccessibleDescription("Vul een titel in");
    await expect(page.getByLabel("Omschrijving")).toHaveValue("Alleen voor mij");
    await expect(page.getByLabel("Voor", { exact: true })).toHaveCount(0);
    await page.getByLabel("Titel").fill(note);
    await page.getByRole("button", { name: "Notitie opslaan" }).click();
    await expect(page.getByRole("status")).toContainText("Notitie opgeslagen");
    await expect(page).toHaveURL(/\/tasks\/notes$/);
    await expect(page.getByRole("link", { name: note })).toBeVisible();
  });

  test("a task from a team review's results links back to them", async ({ page }) => {
    const title = `Uitslag bespreken ${stamp()}`;
    const { roundId } = await createLeaderRound();
    await signIn(page, demoUsers.hr, { at: `/review/result/${roundId}/grid` });
    await page.getByRole("link", { name: "Taak over deze review" }).click();
    await page.getByLabel("Titel").fill(title);
    await page.getByRole("button", { name: "Taak opslaan" }).click();
    await expect(page.getByRole("status")).toContainText("Taak opgeslagen");
    await page.getByRole("link", { name: title }).click();
    await page.getByRole("link", { name: /^Teamreview/ }).click();
    await expect(page).toHaveURL(new RegExp(`/review/result/${roundId}/grid$`));
  });
});
