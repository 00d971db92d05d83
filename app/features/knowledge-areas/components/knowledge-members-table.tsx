import { useTranslation } from "react-i18next";
import { ListTable, Row } from "~/components/ui/table";
import type { AreaCard } from "../knowledge-card";

/** Each member's level per area of the card ("not scored" where none was given); the card's second tab. */
export function KnowledgeMembersTable({
  areas,
  members,
  caption,
}: {
  areas: readonly Pick<AreaCard, "areaId" | "areaName">[];
  members: readonly { membershipId: string; name: string; levels: Record<string, number> }[];
  caption: string;
}) {
  const { t } = useTranslation();
  return (
    <ListTable
      sticky={false}
      caption={caption}
      columns={[{ label: t("knowledge-areas:card.member") }, ...areas.map((a) => ({ label: a.areaName }))]}
    >
      {members.map((m) => (
        <Row
          key={m.membershipId}
          cells={[
            m.name,
            ...areas.map((a) =>
              m.levels[a.areaId] === undefined
                ? t("knowledge-areas:card.notScored")
                : t(`knowledge-areas:levels.${m.levels[a.areaId]}`),
            ),
          ]}
        />
      ))}
    </ListTable>
  );
}
