import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { useFte } from "~/components/ui/pager";

type Person = { membershipId: string; name: string; email: string };

/** The members or leaders tab: the team's people in that place, each removable, and a search to add someone. */
export function TeamPlacesTab({
  tab,
  teamId,
  places,
  candidates,
  q,
}: {
  tab: "members" | "leaders";
  teamId: string;
  places: (Person & { fte: number })[];
  candidates: Person[];
  q: string;
}) {
  const { t } = useTranslation();
  const fte = useFte();
  return (
    <>
      <h2 className="mb-2">{t(`teams:places.${tab}.title`, { count: places.length })}</h2>
      {places.length === 0 ? (
        <p>{t(`teams:places.${tab}.empty`)}</p>
      ) : (
        <table className="w-full bg-white text-left shadow-sm">
          <thead>
            <tr className="border-b">
              {(["places.name", "places.email", "fte"] as const).map((key) => (
                <th key={key} scope="col" className="p-2">
                  {t(`teams:${key}`)}
                </th>
              ))}
              <th scope="col" className="p-2">
                <span className="sr-only">{t("teams:places.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {places.map((p) => (
              <tr key={p.membershipId} className="border-b">
                <td className="p-2">{p.name}</td>
                <td className="p-2">{p.email}</td>
                <td className="p-2">{fte(p.fte)}</td>
                <td className="p-2">
                  <PlaceButton
                    membershipId={p.membershipId}
                    intent="remove"
                    label={t("teams:places.removeShort")}
                    ariaLabel={t(`teams:places.${tab}.remove`, { name: p.name })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <section aria-labelledby="add-title" className="mt-8 rounded bg-white p-6 shadow-sm">
        <h2 id="add-title" className="mb-2">
          {t(`teams:places.${tab}.add`)}
        </h2>
        <Form method="get" action={`/personnel/teams/${teamId}/${tab}`} className="flex items-end gap-2">
          <div>
            <label htmlFor="candidate-search" className="block font-medium">
              {t("teams:places.search")}
            </label>
            <input
              id="candidate-search"
              name="q"
              defaultValue={q}
              className="mt-1 rounded border border-gray-400 px-3 py-2"
            />
          </div>
          <Button variant="secondary">{t("teams:searchSubmit")}</Button>
        </Form>
        {q && candidates.length === 0 ? <p className="mt-4">{t("teams:places.noCandidates")}</p> : null}
        {candidates.length > 0 ? (
          <ul className="mt-4 space-y-2">
            {candidates.map((c) => (
              <li key={c.membershipId}>
                <PlaceButton
                  membershipId={c.membershipId}
                  intent="add"
                  label={t("teams:places.addShort")}
                  ariaLabel={t(`teams:places.${tab}.addPerson`, { name: c.name })}
                >
                  <span>
                    {c.name} ({c.email})
                  </span>
                </PlaceButton>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </>
  );
}

/** Adds or removes one person: a form of its own, so it works without JavaScript. */
function PlaceButton({
  membershipId,
  intent,
  label,
  ariaLabel,
  children,
}: {
  membershipId: string;
  intent: "add" | "remove";
  label: string;
  ariaLabel: string;
  children?: ReactNode;
}) {
  return (
    <Form method="post" className={children ? "flex items-center gap-4" : undefined}>
      <input type="hidden" name="membershipId" value={membershipId} />
      {children}
      <Button name="intent" value={intent} variant="secondary" aria-label={ariaLabel}>
        {label}
      </Button>
    </Form>
  );
}
