import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseEmployeeListFilter } from "~/features/employees/employee-list-filter";
import { listEmployeesForExport } from "~/features/employees/employee-list.server";
import { employeeTabs, type EmployeeListTab } from "~/features/employees/employees.schema";
import { writeXlsx } from "~/features/reviews/xlsx.server";
import { getServerT } from "~/utils/i18n.server";
import { requireRight } from "~/utils/tenant.server";
import { auditNow } from "~/features/audit/audit.server";

/**
 * The persons list as .xlsx (the list's 'Exporteren naar Excel', decision 1413): the same right, tab,
 * filters and order as the page, every person rather than one page (at most EXPORT_MAX_ROWS).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  const url = new URL(request.url);
  const asked = url.searchParams.get("tab");
  const tab: EmployeeListTab = employeeTabs.includes(asked as EmployeeListTab) ? (asked as EmployeeListTab) : "active";
  const { page: _page, ...filters } = parseEmployeeListFilter(url.searchParams);
  const { rows, truncated } = await listEmployeesForExport(ctx, { tab, ...filters });
  const t = await getServerT(request);
  const header = [
    t("employees:fields.employeeNumber"),
    t("employees:fields.firstName"),
    t("employees:fields.lastName"),
    t("employees:fields.email"),
    t("employees:list.teams"),
    t("employees:list.status"),
    t("employees:list.access"),
  ];
  const body = rows.map((r) => [
    r.employeeNumber,
    r.firstName,
    r.lastName,
    r.email,
    r.teams.join(", "),
    t(`employees:status.${r.status}`) + (r.invited ? ` · ${t("employees:list.invitedBadge")}` : ""),
    t(r.access ? "employees:access.yes" : "employees:access.no"),
  ]);
  const note = truncated ? [[t("employees:export.truncated", { count: rows.length })]] : [];
  const file = await writeXlsx([{ name: t("employees:export.sheet"), rows: [header, ...body, ...note] }]);
  await auditNow(ctx, context.clientIp, { action: "export.personnel", data: { tab, rows: rows.length } });
  const name = `${t("employees:export.fileName")}-${t(`employees:list.tabs.${tab}`)}.xlsx`.toLowerCase();
  return new Response(new Uint8Array(file), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="personen.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "Cache-Control": "private, no-store",
    },
  });
}
