import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorList, LabelledSelect } from "~/components/ui/forms";
import { importFieldOf, importFields } from "../import-fields";
import { ListTable } from "~/components/ui/table";

type Props = {
  headers: string[];
  mapping: Record<string, string>;
  sample: { rowNumber: number; values: string[] }[];
  sheetNames: string[];
  sheet: number;
  /** Reading the chosen sheet failed (a failed write, decision 1925): the message next to the choice. */
  sheetErrorKey?: string;
  errorKey?: string;
  /** The column the error is about: the message is shown next to its choice too. */
  errorColumn?: string;
};

/** The columns step: a field per column (prefilled), the first rows as examples, and the sheet if several. */
export function ImportColumnsStep({
  headers,
  mapping,
  sample,
  sheetNames,
  sheet,
  sheetErrorKey,
  errorKey,
  errorColumn,
}: Props) {
  const { t } = useTranslation();
  return (
    <>
      {sheetNames.length > 1 ? (
        <Form method="post" className="mb-6 flex flex-wrap items-end gap-2 rounded bg-white p-4 shadow-sm">
          <input type="hidden" name="intent" value="sheet" />
          <div>
            <LabelledSelect
              id="sheet"
              name="sheet"
              label={t("import:columns.sheet")}
              labelClassName="block font-medium"
              defaultValue={String(sheet)}
              className="mt-1 rounded border border-gray-400 bg-white px-3 py-2"
              options={sheetNames.map((name, i) => ({ value: String(i), label: name }))}
              aria-invalid={sheetErrorKey ? true : undefined}
              aria-describedby={sheetErrorKey ? "sheet-error" : undefined}
            />
            <ErrorList id="sheet-error" errors={sheetErrorKey ? [sheetErrorKey] : undefined} />
          </div>
          <Button variant="secondary">{t("import:columns.readSheet")}</Button>
        </Form>
      ) : null}
      <Form method="post" className="rounded bg-white p-4 shadow-sm">
        <input type="hidden" name="intent" value="columns" />
        <p className="mb-4 max-w-2xl">{t("import:columns.intro")}</p>
        <ErrorList id="columns-error" errors={errorKey ? [errorKey] : undefined} />
        <ListTable
          className="mb-4 w-full text-left"
          sticky={false}
          caption={t("import:columns.title")}
          columns={[t("import:columns.column"), t("import:columns.field"), t("import:columns.example")]}
        >
          {headers.map((header, i) => {
            const wrong = errorKey && errorColumn === String(i);
            return (
              <tr key={i} className="border-b">
                <th scope="row" className="p-2 font-normal">
                  <label htmlFor={`col-${i}`}>{header || t("import:columns.unnamed", { n: i + 1 })}</label>
                </th>
                <td className="p-2">
                  <select
                    id={`col-${i}`}
                    name={`col.${i}`}
                    defaultValue={importFieldOf(mapping[String(i)] ?? "") ?? ""}
                    aria-invalid={wrong ? true : undefined}
                    aria-describedby={wrong ? `col-${i}-error` : errorKey ? "columns-error" : undefined}
                    className="rounded border border-gray-400 bg-white px-2 py-1"
                  >
                    <option value="">{t("import:columns.skip")}</option>
                    {importFields.map((field) => (
                      <option key={field} value={field}>
                        {t(`import:fields.${field}`)}
                      </option>
                    ))}
                  </select>
                  {wrong ? (
                    <p id={`col-${i}-error`} className="mt-1 text-sm text-danger">
                      {t(errorKey)}
                    </p>
                  ) : null}
                </td>
                <td className="p-2 text-sm text-ink-muted">
                  {sample
                    .map((row) => row.values[i] ?? "")
                    .filter(Boolean)
                    .join(" · ")}
                </td>
              </tr>
            );
          })}
        </ListTable>
        <Button>{t("import:columns.submit")}</Button>
      </Form>
    </>
  );
}
