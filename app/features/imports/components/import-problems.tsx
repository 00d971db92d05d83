import { useTranslation } from "react-i18next";
import { ListTable } from "~/components/ui/table";

export type ProblemRow = {
  rowNumber: number;
  values: string[];
  errors: { field: string; key: string; values?: Record<string, string> }[];
};

/** The file's rows with problems, each problem next to its row; these rows are left out, the others go on. */
export function ImportProblems({ rows, headers }: { rows: ProblemRow[]; headers: string[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <section className="mb-6 rounded bg-white p-4 shadow-sm">
      <h2 className="mb-2">{t("import:problems.title", { count: rows.length })}</h2>
      <p className="mb-2 max-w-2xl">{t("import:problems.intro")}</p>
      <ListTable
        className="w-full text-left"
        sticky={false}
        columns={[t("import:problems.row"), t("import:problems.values"), t("import:problems.problem")]}
      >
        {rows.map((row) => (
          <tr key={row.rowNumber} className="border-b align-top">
            <td className="p-2">{row.rowNumber}</td>
            <td className="p-2 text-sm">
              {row.values
                .map((v, i) => (v ? `${headers[i] ?? i + 1}: ${v}` : ""))
                .filter(Boolean)
                .join(" · ")}
            </td>
            <td className="p-2">
              <ul>
                {row.errors.map((e, i) => (
                  <li key={i} className="text-danger">
                    {t(`import:fields.${e.field}`)}: {t(e.key, e.values)}
                  </li>
                ))}
              </ul>
            </td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
}
