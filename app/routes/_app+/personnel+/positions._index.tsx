import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmSelection } from "~/components/confirm-dialog";
import { Button } from "~/components/ui/forms";
import { Pager } from "~/components/ui/pager";
import { ListTable, Row, RowCheckbox, Section } from "~/components/ui/table";
import {
  PositionsBulkDeleteConfirm,
  type PositionsToDelete,
} from "~/features/positions/components/position-confirmations";
import { PositionForm } from "~/features/positions/components/position-form";
import { positionSchema } from "~/features/positions/positions.schema";
import { createPosition, listPositionOptions, listPositions } from "~/features/positions/positions.server";
import { getServerT } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/page-title";
import { can, requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { POSITIONS_PAGE_SIZE } from "~/features/positions/list-sizes";
import { positionListFilterSchema } from "~/features/positions/position-list-filter";
import { parseRequestFilter } from "~/utils/list-filter";
import { readForm } from "~/utils/read-form.server";
import { refusal } from "~/utils/refusal.server";
import { writeOrRefuse } from "~/utils/action-failed.server";

export const handle = { i18n: ["positions", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "positions.read");
  const { page } = parseRequestFilter(positionListFilterSchema, request);
  const t = await getServerT(request);
  const canManage = can(ctx, "positions.manage");
  return {
    // The page size travels in loader data: a constant from a .server module is undefined in the browser.
    pageSize: POSITIONS_PAGE_SIZE,
    title: pageTitle(t, "positions:title"),
    page,
    canManage,
    parents: canManage ? await listPositionOptions(ctx) : [],
    ...(await listPositions(ctx, { page })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "positions.manage");
  const submission = parseWithZod(await readForm(request), { schema: positionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await writeOrRefuse("add", "position", () => createPosition(ctx, submission.value));
  if (!result.ok) return refusal(submission, result);
  return redirectWithToast("/personnel/positions", {
    key: "positions:created",
    values: { name: submission.value.name },
  });
}

export default function PositionsPage() {
  const { t } = useTranslation();
  const { positions, total, page, pageSize, canManage, parents } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const location = useLocation();
  return (
    <>
      <h1 className="mb-4">{t("positions:title")}</h1>
      {canManage ? (
        <Section id="position-create" title={t("positions:create.title")}>
          <PositionForm
            id="position-create"
            lastResult={lastResult}
            parents={parents}
            submitLabel={t("positions:create.submit")}
          />
        </Section>
      ) : null}
      <h2 className="mb-2 mt-8">{t("positions:list")}</h2>
      {positions.length === 0 ? (
        <p>{t("positions:empty")}</p>
      ) : (
        <ConfirmSelection<PositionsToDelete>
          action="/personnel/positions/delete"
          title={(data) => t("positions:bulkDelete.heading", { count: data.positions.length })}
          load={(data) => <PositionsBulkDeleteConfirm positions={data.positions} />}
        >
          <ListTable
            columns={[
              canManage && { label: t("positions:select"), hidden: true },
              { label: t("positions:name") },
              { label: t("positions:code") },
              { label: t("positions:parent") },
              { label: t("positions:levels") },
              { label: t("positions:contracts") },
            ]}
          >
            {positions.map((p) => (
              <Row
                key={p.id}
                cells={[
                  canManage && <RowCheckbox value={p.id} label={t("positions:selectOne", { name: p.name })} />,
                  <Link key="name" to={`/personnel/positions/${p.id}`}>
                    {p.name}
                  </Link>,
                  p.code,
                  p.parentName,
                  p.levels,
                  p.contractsCount,
                ]}
              />
            ))}
          </ListTable>
          {canManage ? (
            <Button variant="danger" className="mt-4">
              {t("positions:bulkDelete.submit")}
            </Button>
          ) : null}
        </ConfirmSelection>
      )}
      <Pager page={page} total={total} pageSize={pageSize} search={location.search} />
    </>
  );
}
