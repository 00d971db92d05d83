import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EmployeeTagsTab } from "~/features/employees/components/employee-tags-tab";
import { listEmployeeTagIds, setEmployeeTags } from "~/features/employees/employee-assignments.server";
import { listClusterOptions } from "~/features/employees/employee-list.server";
import { answerEmployeeTab, loadEmployeeTab } from "~/features/employees/employee-tabs.server";
import { requireRight } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { writeOrRedirect } from "~/utils/action-failed.server";

export const handle = { i18n: ["employees", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  const { employee, title } = await loadEmployeeTab(ctx, request, params.id, "tags");
  const [tagIds, options] = await Promise.all([listEmployeeTagIds(ctx, employee.id), listClusterOptions(ctx)]);
  return { title, tagIds: tagIds as string[], tags: options.tags };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  return answerEmployeeTab(ctx, request, params.id, "tags", {
    tags: async ({ employee, formData, here }) => {
      await writeOrRedirect("assign", "tag", request, () =>
        setEmployeeTags(ctx, employee.id, formData.getAll("tagIds").map(String)),
      );
      return redirectWithToast(here, { key: "employees:tags.saved" });
    },
  });
}

export default function EmployeeTagsRoute() {
  const { tagIds, tags } = useLoaderData<typeof loader>();
  return <EmployeeTagsTab tags={tags} tagIds={tagIds} />;
}
