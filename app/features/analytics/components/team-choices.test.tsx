import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TeamChoices } from "./team-choices";

/** The elements the page rendered before the list became one string (docs/decisions/1982). */
function AsElements({ options, chosen }: { options: { id: string; name: string }[]; chosen: string[] }) {
  return (
    <ul className="mt-2 grid grid-cols-1 gap-1 sm:grid-cols-2">
      {options.map((team) => (
        <li key={team.id} className="flex items-center gap-2">
          <input
            type="checkbox"
            id={`team-${team.id}`}
            name="team"
            value={team.id}
            defaultChecked={chosen.includes(team.id)}
            className="h-4 w-4"
          />
          <label htmlFor={`team-${team.id}`}>{team.name}</label>
        </li>
      ))}
    </ul>
  );
}

describe("TeamChoices", () => {
  const options = [
    { id: "0b3b263b-e90e-4c83-a339-6688530eba49", name: "Team 001" },
    { id: "83570481-f226-4b6c-b1ca-b93c97f2c6cf", name: `O'Brien & "Zn" <Noord>` },
    { id: "0affd989-3f34-445b-b078-7eb2b92a3665", name: "Één — ß" },
  ];
  it("renders what the React elements rendered: checked ones, escaped names", () => {
    for (const chosen of [[], [options[1].id], options.map((o) => o.id)]) {
      expect(renderToStaticMarkup(<TeamChoices options={options} chosen={chosen} />)).toBe(
        renderToStaticMarkup(<AsElements options={options} chosen={chosen} />),
      );
    }
    expect(renderToStaticMarkup(<TeamChoices options={[]} chosen={[]} />)).toBe(
      renderToStaticMarkup(<AsElements options={[]} chosen={[]} />),
    );
  });
});
