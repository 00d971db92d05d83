import { useTranslation } from "react-i18next";
import { FilterSelect } from "~/components/ui/filter-form";
import type { CompetenceFilter } from "../competence-list-filter";
import { competenceTypes } from "../levels";

/**
 * The type and tag selects of the competence book, the matrix and a position's page (the tag select only
 * when there are tags to choose).
 */
export function CompetenceTypeAndTagFilters({
  filter,
  tags = [],
}: {
  filter: { type?: CompetenceFilter["type"]; tag?: CompetenceFilter["tag"] };
  tags?: { id: string; name: string }[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <FilterSelect
        id="type"
        name="type"
        label={t("competences:type.label")}
        value={filter.type}
        allLabel={t("competences:type.all")}
        options={competenceTypes.map((type) => ({ value: type, label: t(`competences:type.${type}`) }))}
      />
      {tags.length > 0 ? (
        <FilterSelect
          id="tag"
          name="tag"
          label={t("competences:tags.filter")}
          value={filter.tag}
          allLabel={t("competences:tags.all")}
          options={tags.map((tag) => ({ value: tag.id, label: tag.name }))}
        />
      ) : null}
    </>
  );
}
