import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { EmployeeReportPage } from "~/features/reviews/components/employee-report";
import { employeeReportLoader } from "~/features/reviews/compare-route.server";
import { developmentGoalSchema } from "~/features/reviews/development-goal.schema";
import { setDevelopmentGoal } from "~/features/reviews/person-results.server";
import printStyles from "~/styles/print.css";
import { requireModule } from "~/utils/tenant.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/read-form.server";

export const handle = { i18n: ["results", "criteria", "validation"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: printStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader(args: LoaderFunctionArgs) {
  const ctx = await requireModule(args.request, "team-review", "reviews.manage");
  return employeeReportLoader(args, ctx);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "team-review", "reviews.manage");
  const submission = parseWithZod(await readForm(request), { schema: developmentGoalSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await setDevelopmentGoal(
    ctx,
    params.reviewId ?? "",
    params.membershipId ?? "",
    submission.value.goal ?? "",
  );
  if (!result.ok) return data(submission.reply({ fieldErrors: { goal: ["results:report.locked"] } }), { status: 400 });
  const url = new URL(request.url);
  return redirectWithToast(url.pathname, { key: "results:report.goalSaved" });
}

export default EmployeeReportPage;
