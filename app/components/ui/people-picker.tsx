import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { FilterSearch } from "./filter-form";
import { Button } from "./forms";

/** `id` is what the form posts (a membership or a user id). */
export type PickedPerson = { id: string; name: string; email: string };

/** The GET search above a list of people: the query is the `q` parameter, so it works without JavaScript. */
export function PeopleSearch({
  id,
  label,
  submitLabel,
  q,
  action,
  type = "text",
  className = "flex items-end gap-2",
  role,
}: {
  id: string;
  label: string;
  submitLabel: string;
  q: string;
  action?: string;
  type?: "search" | "text";
  className?: string;
  role?: "search";
}) {
  return (
    <Form method="get" action={action} className={className} role={role}>
      <FilterSearch id={id} label={label} value={q} type={type} />
      <Button variant="secondary">{submitLabel}</Button>
    </Form>
  );
}

/**
 * People, one POST form each with one button (add, remove, link): `fieldName` carries the person's id and
 * the button's `intent` tells the action what to do. `aria-label` names the person, as the visible text
 * ("Toevoegen") does not. `extra` goes before the button (e.g. a role to link with).
 */
export function PersonButtonList({
  people,
  fieldName,
  intent,
  buttonText,
  buttonLabel,
  extra,
  className = "space-y-2",
}: {
  people: readonly PickedPerson[];
  fieldName: string;
  intent: string;
  buttonText: string;
  buttonLabel: (name: string) => string;
  extra?: (person: PickedPerson) => ReactNode;
  className?: string;
}) {
  if (people.length === 0) return null;
  return (
    <ul className={className}>
      {people.map((p) => (
        <li key={p.id}>
          <Form method="post" className="flex flex-wrap items-center gap-4">
            <input type="hidden" name={fieldName} value={p.id} />
            <span>
              {p.name} ({p.email})
            </span>
            {extra?.(p)}
            <Button name="intent" value={intent} variant="secondary" aria-label={buttonLabel(p.name)}>
              {buttonText}
            </Button>
          </Form>
        </li>
      ))}
    </ul>
  );
}

/**
 * Search people and add one: a section with its heading, the search, "nobody found" once searched, and
 * the candidates with an add button each (intent `add` unless told otherwise). Removing is the page's own
 * list of members, usually a PersonButtonList with intent `remove`.
 */
export function PeoplePicker({
  headingId,
  heading,
  search,
  q,
  candidates,
  noCandidates,
  fieldName = "membershipId",
  intent = "add",
  addText,
  addLabel,
  extra,
}: {
  headingId: string;
  heading: string;
  search: { id: string; label: string; submitLabel: string; action?: string };
  q: string;
  candidates: readonly PickedPerson[];
  noCandidates: string;
  fieldName?: string;
  intent?: string;
  addText: string;
  addLabel: (name: string) => string;
  extra?: (person: PickedPerson) => ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="mt-8 rounded bg-white p-6 shadow-sm">
      <h2 id={headingId} className="mb-2">
        {heading}
      </h2>
      <PeopleSearch {...search} q={q} />
      {q && candidates.length === 0 ? <p className="mt-4">{noCandidates}</p> : null}
      <PersonButtonList
        people={candidates}
        fieldName={fieldName}
        intent={intent}
        buttonText={addText}
        buttonLabel={addLabel}
        extra={extra}
        className="mt-4 space-y-2"
      />
    </section>
  );
}

/** Services list people by membership; the picker posts that id. */
export const asPicked = ({ membershipId, name, email }: { membershipId: string; name: string; email: string }) => ({
  id: membershipId,
  name,
  email,
});
