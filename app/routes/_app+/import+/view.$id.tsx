import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ImportSummary } from "~/features/imports/components/import-summary";
import { getImport, listChanges } from "~/features/imports/imports.server";
import { formatDate } from "~/utils/format";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { ListTable } from "~/components/ui/table";

export const handle = { i18n: ["import"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

/** The history of one import (also at import/old/{id}): who, which file, the counts and every change. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "users.import");
  const item = await getImport(ctx, params.id ?? "");
  const t = await getServerT(request);
  const changes = await listChanges(ctx, item.id);
  return {
    title: pageTitle(t, "import:view.title"),
    id: item.id,
    fileName: item.fileName,
    status: item.status,
    createdBy: item.createdBy ?? "",
    appliedBy: item.appliedBy ?? "",
    createdAt: formatDate(item.createdAt),
    finishedAt: item.finishedAt ? formatDate(item.finishedAt) : "",
    counts: item.counts,
    applied: item.applied,
    changes: changes
      .filter((c) => c.meta !== "NO_CHANGE")
      .map((c) => ({
        id: c.id,
        label: c.label,
        meta: c.meta,
        // A new person: the address used, and the file's when another was chosen (1241).
        field: c.meta === "NEW_PERSON" ? "email" : c.field,
        oldValue: c.meta === "NEW_PERSON" ? (c.data?.fileEmail ?? null) : c.oldValue,
        newValue: c.meta === "NEW_PERSON" ? (c.data?.email ?? null) : c.newValue,
        decision: c.decision,
        outcome: c.outcome,
      })),
  };
}

export default function ImportViewPage() {
  const { t } = useTranslation();
  const page = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="mb-4">{t("import:view.title")}</h1>
      <dl className="mb-6 grid max-w-xl grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        <dt className="font-medium">{t("import:view.file")}</dt>
        <dd>{page.fileName}</dd>
        <dt className="font-medium">{t("import:view.createdBy")}</dt>
        <dd>
          {page.createdBy} ({page.createdAt})
        </dd>
        <dt className="font-medium">{t("import:view.appliedBy")}</dt>
        <dd>{page.appliedBy ? `${page.appliedBy} (${page.finishedAt})` : t(`import:status.${page.status}`)}</dd>
      </dl>
      <ImportSummary counts={page.counts} applied={page.status === "applied" ? page.applied : undefined} />
      <h2 className="mb-2">{t("import:view.changes")}</h2>
      {page.changes.length === 0 ? (
        <p>{t("import:view.noChanges")}</p>
      ) : (
        <ListTable
          className="w-full bg-white text-left shadow-sm"
          sticky={false}
          columns={[
            t("import:view.what"),
            t("import:view.who"),
            t("import:changes.field"),
            t("import:changes.old"),
            t("import:changes.new"),
            t("import:view.decision"),
            t("import:view.outcome"),
          ]}
        >
          {page.changes.map((c) => (
            <tr key={c.id} className="border-b">
              <td className="p-2">{t(`import:meta.${c.meta}`)}</td>
              <td className="p-2">{c.label}</td>
              <td className="p-2">{c.field ? t(`import:fields.${c.field}`) : ""}</td>
              <td className="p-2">{c.oldValue ?? ""}</td>
              <td className="p-2">{c.newValue ?? ""}</td>
              <td className="p-2">{t(`import:decision.${c.decision}`)}</td>
              <td className="p-2">{c.outcome ? t(`import:outcome.${c.outcome}`) : ""}</td>
            </tr>
          ))}
        </ListTable>
      )}
      <p className="mt-6">
        <Link to="/import" className="underline">
          {t("import:view.back")}
        </Link>
      </p>
    </>
  );
}
