import { escapeHtml } from "~/utils/escape-html";

type TeamOption = { id: string; name: string };

/**
 * The team comparison's choice of teams: a checkbox a team, the chosen ones checked. Written as one string, not
 * four React elements a team: at 800 teams (Groot BV) React's walk over 3,200 elements was ≈ 3 ms of every
 * request (docs/decisions/1982). The markup is what those elements rendered (team-choices.test.tsx); the boxes
 * stay unmanaged by React, as `defaultChecked` left them, and the GET form sends them as before.
 */
export function TeamChoices({ options, chosen }: { options: readonly TeamOption[]; chosen: readonly string[] }) {
  return (
    <ul
      className="mt-2 grid grid-cols-1 gap-1 sm:grid-cols-2"
      dangerouslySetInnerHTML={{ __html: teamChoicesHtml(options, chosen) }}
    />
  );
}

export function teamChoicesHtml(options: readonly TeamOption[], chosen: readonly string[]): string {
  const checked = new Set(chosen);
  let html = "";
  for (const team of options) {
    const id = escapeHtml(team.id);
    html +=
      `<li class="flex items-center gap-2"><input type="checkbox" id="team-${id}" name="team" class="h-4 w-4"` +
      `${checked.has(team.id) ? ' checked=""' : ""} value="${id}"/>` +
      `<label for="team-${id}">${escapeHtml(team.name)}</label></li>`;
  }
  return html;
}
