import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorSummary, SelectField } from "~/components/ui/forms";
import { Tabs } from "~/components/ui/tabs";
import { ContractForm } from "~/features/employees/components/contract-form";
import { PersonFields, personFieldNames, usePersonLabels } from "~/features/employees/components/person-fields";
import {
  clusterRoleKeys,
  contractSchema,
  employeeDetailTabs,
  employeeDetailsSchema,
  teamPlaceSchema,
  type EmployeeDetailTab,
} from "~/features/employees/employees.schema";
import {
  addContract,
  addTeamPlace,
  getEmployee,
  listClusterOptions,
  listClusterRoles,
  listContracts,
  listEmployeeTagIds,
  listTeamPlaces,
  removeTeamPlace,
  restoreEmployee,
  runBulkAction,
  setClusterRoles,
  setEmployeeTags,
  updateEmployee,
} from "~/features/employees/employees.server";
import { invitationStatusOf } from "~/features/invitations/invitations.server";
import { pendingEmailChange } from "~/features/people/email-change.server";
import { getServerT } from "~/utils/i18n.server";
import { formatNumber } from "~/utils/format";
import { pageTitle } from "~/utils/page-title";
import { can, requireRight } from "~/utils/tenant.server";
import { createToastHeader } from "~/utils/toast.server";

export const handle = { i18n: ["employees", "validation"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

function parseTab(value: string | undefined): EmployeeDetailTab {
  if (!employeeDetailTabs.includes(value as EmployeeDetailTab)) throw new Response("Not found", { status: 404 });
  return value as EmployeeDetailTab;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  const tab = parseTab(params.tab);
  const employee = await getEmployee(ctx, params.id ?? "");
  const [options, contractRows, teamPlaces, roles, tagIds] = await Promise.all([
    tab === "details" || tab === "roles" ? null : listClusterOptions(ctx),
    tab === "contracts" ? listContracts(ctx, employee.id) : [],
    tab === "teams" ? listTeamPlaces(ctx, employee.id) : [],
    tab === "roles" ? listClusterRoles(ctx, employee.id) : [],
    tab === "tags" ? listEmployeeTagIds(ctx, employee.id) : [],
  ]);
  const invitation =
    tab === "details" ? ((await invitationStatusOf(ctx, [employee.id])).get(employee.id) ?? "none") : "none";
  const pendingEmail = tab === "details" ? await pendingEmailChange(employee.userId) : null;
  const t = await getServerT(request);
  const name = `${employee.firstName} ${employee.lastName}`.trim() || employee.email;
  return {
    title: `${name} · ${pageTitle(t, `employees:detail.tabs.${tab}`)}`,
    tab,
    name,
    employee: { ...employee, deleted: employee.deletedAt !== null, deletedAt: undefined },
    options: options ?? { teams: [], tags: [], positions: [] },
    contracts: contractRows,
    teamPlaces,
    roles: roles as string[],
    tagIds: tagIds as string[],
    canManageRoles: can(ctx, "cluster_roles.manage"),
    invitation,
    pendingEmail,
  };
}

async function toast(key: string, values?: Record<string, string>) {
  return { headers: { "Set-Cookie": await createToastHeader({ key, values }) } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "users.manage");
  const tab = parseTab(params.tab);
  const employee = await getEmployee(ctx, params.id ?? "");
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const here = `/personnel/user/${employee.id}/${tab}`;

  if (intent === "details") {
    const submission = parseWithZod(formData, { schema: employeeDetailsSchema });
    if (submission.status !== "success") return data({ intent, reply: submission.reply() }, { status: 400 });
    const result = await updateEmployee(ctx, employee.id, submission.value);
    if (!result.ok) {
      return data(
        {
          intent,
          warning: "warning" in result ? result.values : null,
          reply: submission.reply({ fieldErrors: { [result.field]: [result.errorKey] } }),
        },
        { status: 400 },
      );
    }
    return redirect(
      here,
      await toast(result.emailPending ? "employees:details.savedEmailPending" : "employees:details.saved"),
    );
  }
  if (intent === "invite" || intent === "uninvite") {
    const result = await runBulkAction(ctx, { action: intent, ids: [employee.id] });
    const toastHeader = await createToastHeader(
      result.errorKey
        ? { type: "error", key: result.errorKey }
        : { key: intent === "invite" ? "employees:invitation.sent" : "employees:invitation.revoked" },
    );
    return redirect(here, { headers: { "Set-Cookie": toastHeader } });
  }
  if (intent === "restore") {
    await restoreEmployee(ctx, employee.id);
    return redirect(here, await toast("employees:restore.done"));
  }
  if (intent === "addContract") {
    const submission = parseWithZod(formData, { schema: contractSchema });
    if (submission.status !== "success") return data({ intent, reply: submission.reply() }, { status: 400 });
    const result = await addContract(ctx, employee.id, submission.value);
    if (!result.ok) {
      return data(
        { intent, reply: submission.reply({ fieldErrors: { [result.field]: [result.errorKey] } }) },
        { status: 400 },
      );
    }
    return redirect(here, await toast("employees:contracts.saved"));
  }
  if (intent === "addTeam") {
    const submission = parseWithZod(formData, { schema: teamPlaceSchema });
    if (submission.status !== "success") return data({ intent, reply: submission.reply() }, { status: 400 });
    const result = await addTeamPlace(ctx, employee.id, submission.value);
    if (!result.ok) {
      return data(
        { intent, reply: submission.reply({ fieldErrors: { [result.field]: [result.errorKey] } }) },
        { status: 400 },
      );
    }
    return redirect(here, await toast("employees:teams.added"));
  }
  if (intent === "removeTeam") {
    const result = await removeTeamPlace(ctx, employee.id, String(formData.get("assignmentId") ?? ""));
    if (!result.ok) {
      return redirect(here, {
        headers: { "Set-Cookie": await createToastHeader({ type: "error", key: result.errorKey }) },
      });
    }
    return redirect(here, await toast("employees:teams.removed"));
  }
  if (intent === "roles") {
    const result = await setClusterRoles(ctx, employee.id, formData.getAll("roleKeys").map(String));
    if (!result.ok) return data({ intent, reply: undefined, error: result.errorKey }, { status: 403 });
    return redirect(here, await toast("employees:roles.saved"));
  }
  if (intent === "tags") {
    await setEmployeeTags(ctx, employee.id, formData.getAll("tagIds").map(String));
    return redirect(here, await toast("employees:tags.saved"));
  }
  throw new Response("Bad request", { status: 400 });
}

export default function EmployeePage() {
  const { t } = useTranslation();
  const { tab, name, employee, pendingEmail } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-3xl">
      <p className="mb-2">
        <Link to="/personnel/users/active">{t("employees:detail.backToList")}</Link>
      </p>
      <h1 className="mb-1">{name}</h1>
      <p className="mb-4 text-sm text-ink-muted">
        {t(`employees:status.${employee.status}`)} ·{" "}
        {t(employee.access ? "employees:access.yes" : "employees:access.no")}
        {employee.deleted ? ` · ${t("employees:detail.removed")}` : ""}
      </p>
      {employee.deleted ? (
        <Form method="post" className="mb-4 flex items-center gap-3 rounded border-2 border-danger bg-danger-bg p-3">
          <span>{t("employees:detail.removedNotice")}</span>
          <input type="hidden" name="intent" value="restore" />
          <Button variant="secondary">{t("employees:restore.submit")}</Button>
        </Form>
      ) : null}
      <Tabs
        label={t("employees:detail.tabsLabel")}
        baseHref={`/personnel/user/${employee.id}`}
        current={tab}
        tabs={employeeDetailTabs.map((key) => ({ key, label: t(`employees:detail.tabs.${key}`) }))}
      />
      {tab === "details" ? (
        // A saved change of address or its confirmation starts the form afresh from the stored values.
        <DetailsTab key={`${employee.email}|${pendingEmail ?? ""}`} />
      ) : null}
      {tab === "contracts" ? <ContractsTab /> : null}
      {tab === "teams" ? <TeamsTab /> : null}
      {tab === "roles" ? <RolesTab /> : null}
      {tab === "tags" ? <TagsTab /> : null}
    </div>
  );
}

function useReply(intent: string) {
  const actionData = useActionData<typeof action>();
  return actionData && actionData.intent === intent ? actionData : undefined;
}

function DetailsTab() {
  const { t } = useTranslation();
  const { employee, pendingEmail } = useLoaderData<typeof loader>();
  const reply = useReply("details");
  const warning = reply && "warning" in reply ? (reply.warning as Record<string, string> | null) : null;
  const labels = usePersonLabels();
  const [form, fields] = useForm({
    id: "employee-details",
    lastResult: reply?.reply,
    defaultValue: {
      firstName: employee.firstName,
      lastName: employee.lastName,
      email: employee.email,
      employeeNumber: employee.employeeNumber ?? "",
      phone: employee.phone ?? "",
      birthday: employee.birthday,
      gender: employee.gender ?? "",
      address: employee.address ?? "",
      zip: employee.zip ?? "",
      city: employee.city ?? "",
      country: employee.country ?? "",
      language: employee.language,
      loginType: employee.loginType,
    },
    constraint: getZodConstraint(employeeDetailsSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: employeeDetailsSchema }),
  });
  return (
    <>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={personFieldNames.map((n) => ({ id: fields[n].id, label: labels[n], errors: fields[n].errors }))}
      />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <input type="hidden" name="intent" value="details" />
        {pendingEmail ? (
          <p className="mb-4 rounded border-l-4 border-warning bg-warning-bg p-3" data-testid="email-pending">
            {t("employees:details.emailPending", { email: pendingEmail })}
          </p>
        ) : null}
        <PersonFields fields={fields} employeeNumberHint={t("employees:details.employeeNumberHint")} />
        {warning ? (
          <div className="mb-4 rounded border-2 border-danger bg-danger-bg p-3">
            <label className="flex items-center gap-2 font-medium">
              <input type="checkbox" name="confirmEmployeeNumber" value="on" />
              {t("employees:details.confirmEmployeeNumber", warning)}
            </label>
          </div>
        ) : null}
        <Button>{t("employees:details.submit")}</Button>
      </Form>
      {!employee.deleted ? <InvitationPanel /> : null}
      <div className="mt-6 flex flex-wrap gap-4">
        <Link to={`/personnel/user/${employee.id}/merge`}>{t("employees:merge.link")}</Link>
        {!employee.deleted ? (
          <Link to={`/personnel/user/${employee.id}/delete`}>{t("employees:delete.link")}</Link>
        ) : null}
      </div>
    </>
  );
}

function ContractsTab() {
  const { t, i18n } = useTranslation();
  const { employee, contracts, options } = useLoaderData<typeof loader>();
  const reply = useReply("addContract");
  const labels = {
    positionId: t("employees:contracts.position"),
    start: t("employees:contracts.start"),
    end: t("employees:contracts.end"),
    fte: t("employees:contracts.fte"),
    hoursPerWeek: t("employees:contracts.hoursPerWeek"),
    isTemporary: t("employees:contracts.kind"),
  };
  return (
    <>
      {contracts.length === 0 ? (
        <p className="mb-4">{t("employees:contracts.empty")}</p>
      ) : (
        <div className="mb-6 overflow-x-auto rounded bg-white shadow-sm">
          <table className="min-w-full text-sm">
            <caption className="sr-only">{t("employees:detail.tabs.contracts")}</caption>
            <thead>
              <tr className="bg-gray-100 text-left">
                <th scope="col" className="px-3 py-2">
                  {labels.positionId}
                </th>
                <th scope="col" className="px-3 py-2">
                  {labels.start}
                </th>
                <th scope="col" className="px-3 py-2">
                  {labels.end}
                </th>
                <th scope="col" className="px-3 py-2">
                  {labels.fte}
                </th>
                <th scope="col" className="px-3 py-2">
                  {labels.hoursPerWeek}
                </th>
                <th scope="col" className="px-3 py-2">
                  {labels.isTemporary}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("employees:contracts.active")}
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">{t("employees:contracts.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {contracts.map((c) => (
                <tr key={c.id} className="border-t">
                  <td className="px-3 py-2">{c.positionName}</td>
                  <td className="px-3 py-2">{c.startDate}</td>
                  <td className="px-3 py-2">{c.endDate}</td>
                  <td className="px-3 py-2">
                    {formatNumber(Number(c.fte), i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 2 })}
                  </td>
                  <td className="px-3 py-2">{c.hoursPerWeek ?? ""}</td>
                  <td className="px-3 py-2">
                    {t(c.isTemporary ? "employees:contracts.temporary" : "employees:contracts.permanent")}
                  </td>
                  <td className="px-3 py-2">{t(c.isActive ? "employees:yes" : "employees:no")}</td>
                  <td className="flex gap-3 px-3 py-2">
                    <Link to={`/personnel/user/${employee.id}/contracts/${c.id}`}>
                      {t("employees:contracts.edit")}
                      <span className="sr-only">
                        {" "}
                        {c.positionName} {c.startDate}
                      </span>
                    </Link>
                    <Link to={`/personnel/user/${employee.id}/contracts/${c.id}/delete`}>
                      {t("employees:contracts.delete")}
                      <span className="sr-only">
                        {" "}
                        {c.positionName} {c.startDate}
                      </span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2 className="mb-2">{t("employees:contracts.add")}</h2>
      <ContractForm
        id="add-contract"
        intent="addContract"
        lastResult={reply?.reply}
        defaultValue={{ fte: "1", isTemporary: "permanent", isActive: "on" }}
        positions={options.positions}
        submitLabel={t("employees:contracts.submit")}
      />
    </>
  );
}

function TeamsTab() {
  const { t } = useTranslation();
  const { teamPlaces, options } = useLoaderData<typeof loader>();
  const reply = useReply("addTeam");
  const [form, fields] = useForm({
    id: "add-team",
    lastResult: reply?.reply,
    defaultValue: { place: "team_member" },
    constraint: getZodConstraint(teamPlaceSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: teamPlaceSchema }),
  });
  return (
    <>
      {teamPlaces.length === 0 ? (
        <p className="mb-4">{t("employees:teams.empty")}</p>
      ) : (
        <ul className="mb-6 divide-y rounded bg-white shadow-sm">
          {teamPlaces.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-3 px-4 py-2">
              <span>
                {p.teamName} · {t(`employees:teams.place.${p.place}`)}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="removeTeam" />
                <input type="hidden" name="assignmentId" value={p.id} />
                <Button variant="secondary">
                  {t("employees:teams.remove")}
                  <span className="sr-only"> {p.teamName}</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <h2 className="mb-2">{t("employees:teams.add")}</h2>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={[
          { id: fields.teamId.id, label: t("employees:teams.team"), errors: fields.teamId.errors },
          { id: fields.place.id, label: t("employees:teams.placeLabel"), errors: fields.place.errors },
        ]}
      />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <input type="hidden" name="intent" value="addTeam" />
        <SelectField
          label={t("employees:teams.team")}
          errors={fields.teamId.errors}
          selectProps={getSelectProps(fields.teamId)}
          options={[
            { value: "", label: t("employees:teams.chooseTeam") },
            ...options.teams.map((o) => ({ value: o.id, label: o.name })),
          ]}
        />
        <SelectField
          label={t("employees:teams.placeLabel")}
          errors={fields.place.errors}
          selectProps={getSelectProps(fields.place)}
          options={[
            { value: "team_member", label: t("employees:teams.place.team_member") },
            { value: "team_admin", label: t("employees:teams.place.team_admin") },
          ]}
        />
        <Button>{t("employees:teams.submit")}</Button>
      </Form>
    </>
  );
}

function RolesTab() {
  const { t } = useTranslation();
  const { roles, canManageRoles } = useLoaderData<typeof loader>();
  const reply = useReply("roles");
  const error = reply && "error" in reply ? String(reply.error) : null;
  return (
    <Form method="post" className="rounded bg-white p-6 shadow-sm">
      <input type="hidden" name="intent" value="roles" />
      {error ? (
        <p role="alert" className="mb-4 font-medium text-danger">
          {t(error)}
        </p>
      ) : null}
      <fieldset disabled={!canManageRoles}>
        <legend className="mb-2 font-semibold">{t("employees:roles.legend")}</legend>
        {!canManageRoles ? <p className="mb-2 text-sm">{t("employees:roles.readOnly")}</p> : null}
        <ul className="mb-4 space-y-1">
          {clusterRoleKeys.map((r) => (
            <li key={r}>
              <label className="flex items-center gap-2">
                <input type="checkbox" name="roleKeys" value={r} defaultChecked={roles.includes(r)} />
                {t(`employees:roles.${r}`)}
              </label>
            </li>
          ))}
        </ul>
        <Button>{t("employees:roles.submit")}</Button>
      </fieldset>
    </Form>
  );
}

function TagsTab() {
  const { t } = useTranslation();
  const { tagIds, options } = useLoaderData<typeof loader>();
  return (
    <Form method="post" className="rounded bg-white p-6 shadow-sm">
      <input type="hidden" name="intent" value="tags" />
      <fieldset>
        <legend className="mb-2 font-semibold">{t("employees:tags.legend")}</legend>
        {options.tags.length === 0 ? <p className="mb-2">{t("employees:tags.empty")}</p> : null}
        <ul className="mb-4 space-y-1">
          {options.tags.map((tag) => (
            <li key={tag.id}>
              <label className="flex items-center gap-2">
                <input type="checkbox" name="tagIds" value={tag.id} defaultChecked={tagIds.includes(tag.id)} />
                {tag.name}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <Button>{t("employees:tags.submit")}</Button>
    </Form>
  );
}

/** HR sees the invitation state and can (re)send or withdraw it (through the invitation service). */
function InvitationPanel() {
  const { t } = useTranslation();
  const { employee, invitation } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="invitation-heading" className="mt-6 rounded bg-white p-6 shadow-sm">
      <h2 id="invitation-heading" className="mb-2">
        {t("employees:invitation.label")}
      </h2>
      <p className="mb-3" data-testid="invitation-status">
        {t(`employees:invitation.status.${invitation}`)}
      </p>
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="invite" />
          <Button variant="secondary">
            {t(invitation === "none" ? "employees:invitation.invite" : "employees:invitation.resend")}
          </Button>
        </Form>
        {employee.invited || invitation === "pending" || invitation === "expired" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="uninvite" />
            <Button variant="secondary">{t("employees:invitation.uninvite")}</Button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}
