import {
  data,
  MaxPartSizeExceededError,
  redirect,
  unstable_createMemoryUploadHandler,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, Field } from "~/components/ui/forms";
import { ListTable, Row } from "~/components/ui/table";
import { importStepPath } from "~/features/imports/import-steps";
import { templateFields } from "~/features/imports/import-template";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MB, MAX_UPLOAD_REQUEST_BYTES } from "~/features/imports/upload-limits";
import { createImport, listImports } from "~/features/imports/imports.server";
import { formatDate } from "~/utils/format";
import { getServerT } from "~/utils/i18n.server";
import { parseMultipartFormData } from "~/utils/multipart.server";
import { pageTitle } from "~/utils/page-title";
import { requireRight } from "~/utils/tenant.server";
import { personName } from "~/utils/person-name";
import { writeOrRefuse } from "~/utils/action-failed.server";
import { refusalStatus } from "~/utils/refusal.server";

export const handle = { i18n: ["import"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireRight(request, "users.import");
  const t = await getServerT(request);
  const history = await listImports(ctx);
  return {
    title: pageTitle(t, "import:title"),
    history: history.map((h) => ({
      id: h.id,
      fileName: h.fileName,
      status: h.status,
      date: formatDate(h.createdAt),
      by: personName(h.firstName, h.lastName),
      path: importStepPath(h.id, h.status),
    })),
  };
}

/**
 * The upload refused: a message key and the values it interpolates, next to the file field; 200 like the
 * wizard's other answers (decision 1622), so that a wrong file is no error in the browser's console. A write
 * that failed past its checks answers the same with its 409/503 (`writeOrRefuse`, decisions 1840, 1925).
 */
const refuse = (errorKey: string, values?: Record<string, string | number>, result: object = {}) =>
  data({ errorKey, values }, { status: refusalStatus(result, 200) });

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireRight(request, "users.import");
  const tooLarge = () => refuse("import:errors.tooLarge", { max: MAX_UPLOAD_MB });
  // A body clearly over the limit is refused before it is read.
  if (Number(request.headers.get("content-length") ?? 0) > MAX_UPLOAD_REQUEST_BYTES) return tooLarge();
  let form: FormData;
  try {
    form = await parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: MAX_UPLOAD_BYTES }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return tooLarge();
    return refuse("import:errors.noFile");
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return refuse("import:errors.noFile");
  const upload = { name: file.name, data: Buffer.from(await file.arrayBuffer()) };
  const result = await writeOrRefuse("add", "import", () => createImport(ctx, upload));
  if (!result.ok) return refuse(result.errorKey, "values" in result ? result.values : undefined, result);
  return redirect(`/import/excel/${result.importId}`);
}

/** The template downloads (decision 1623) and, folded, what each column of the template means. */
function TemplateLinks() {
  const { t } = useTranslation();
  return (
    <section className="mb-8" aria-labelledby="template-title">
      <p id="template-title" className="mb-2">
        {t("import:upload.template")}{" "}
        <a href="/resources/import-template?format=xlsx" download className="underline">
          {t("import:upload.templateXlsx")}
        </a>
        {" · "}
        <a href="/resources/import-template?format=csv" download className="underline">
          {t("import:upload.templateCsv")}
        </a>
      </p>
      <details>
        <summary className="cursor-pointer underline">{t("import:upload.columnsTitle")}</summary>
        <dl className="mt-2 max-w-3xl">
          {templateFields.map((field) => (
            <div key={field} className="py-1 sm:flex sm:gap-4">
              <dt className="font-medium sm:w-48 sm:shrink-0">{t(`import:template.columns.${field}.header`)}</dt>
              <dd>{t(`import:template.columns.${field}.help`)}</dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  );
}

export default function ImportPage() {
  const { t } = useTranslation();
  const { history } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <>
      <h1 className="mb-4">{t("import:title")}</h1>
      <p className="mb-4 max-w-2xl">{t("import:intro")}</p>
      <Form method="post" encType="multipart/form-data" className="mb-8 rounded bg-white p-4 shadow-sm">
        <Field
          label={t("import:upload.file")}
          hint={t("import:upload.hint", { max: MAX_UPLOAD_MB })}
          errors={actionData?.errorKey ? [actionData.errorKey] : undefined}
          errorValues={actionData?.values}
          inputProps={{ id: "file", name: "file", type: "file", accept: ".csv,.xlsx", required: true }}
        />
        <Button disabled={navigation.state === "submitting"}>{t("import:upload.submit")}</Button>
      </Form>
      <TemplateLinks />
      <p className="mb-8">
        {t("import:connector.fromSystem")}{" "}
        <Link to="/import/afas" className="underline">
          {t("import:connector.afas.title")}
        </Link>
        {" · "}
        <Link to="/import/polaris" className="underline">
          {t("import:connector.polaris.title")}
        </Link>
      </p>
      <h2 className="mb-2">{t("import:history.title")}</h2>
      {history.length === 0 ? (
        <p>{t("import:history.empty")}</p>
      ) : (
        <ListTable
          columns={[
            { label: t("import:history.file") },
            { label: t("import:history.date") },
            { label: t("import:history.by") },
            { label: t("import:history.status") },
          ]}
        >
          {history.map((h) => (
            <Row
              key={h.id}
              cells={[
                <Link key="file" to={h.path} className="underline">
                  {h.fileName}
                </Link>,
                h.date,
                h.by,
                t(`import:status.${h.status}`),
              ]}
            />
          ))}
        </ListTable>
      )}
    </>
  );
}
