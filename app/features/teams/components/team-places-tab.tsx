import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";
import { FilterForm, FilterSearch } from "~/components/ui/filter-form";
import { useFte } from "~/components/ui/pager";
import { ListTable, Row, Section } from "~/components/ui/table";

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
        <ListTable
          sticky={false}
          columns={[
            ...(["places.name", "places.email", "fte"] as const).map((key) => ({ label: t(`teams:${key}`) })),
            { label: t("teams:places.actions"), hidden: true },
          ]}
        >
          {places.map((p) => (
            <Row
              key={p.membershipId}
              cells={[
                p.name,
                p.email,
                fte(p.fte),
                <PlaceButton
                  key="remove"
                  membershipId={p.membershipId}
                  intent="remove"
                  label={t("teams:places.removeShort")}
                  ariaLabel={t(`teams:places.${tab}.remove`, { name: p.name })}
                />,
              ]}
            />
          ))}
        </ListTable>
      )}
      <Section id="add" title={t(`teams:places.${tab}.add`)} className="mt-8 rounded bg-white p-6 shadow-sm">
        <FilterForm
          submitLabel={t("teams:searchSubmit")}
          action={`/personnel/teams/${teamId}/${tab}`}
          className="flex items-end gap-2"
        >
          <FilterSearch id="candidate-search" label={t("teams:places.search")} value={q} type="text" />
        </FilterForm>
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
      </Section>
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
