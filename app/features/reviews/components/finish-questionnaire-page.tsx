import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";

/** The criteria still open, per part of the questionnaire; `heading` names the part where there are several. */
export type MissingPart = { key: string; heading?: string; names: readonly string[] };

/**
 * "Finish the questionnaire" of a self or peer review (one page shape, docs/decisions/1502): what is still open,
 * what finishing means, and the button; read-only when the reader may not finish it. The texts are `<ns>:finish.*`
 * and `<ns>:questionnaire.readOnly.*`.
 */
export function FinishQuestionnairePage({
  ns,
  back,
  subtitle,
  readOnly,
  missing,
}: {
  ns: "peerreviews" | "selfreviews";
  back: string;
  subtitle: string;
  readOnly: string | null | false;
  missing: readonly MissingPart[];
}) {
  const { t } = useTranslation();
  const incomplete = missing.some((part) => part.names.length > 0);
  return (
    <div className="max-w-3xl">
      <p>
        <Link to={back}>{t(`${ns}:finish.back`)}</Link>
      </p>
      <h1 className="mb-2 mt-2">{t(`${ns}:finish.title`)}</h1>
      <p className="mb-4">{subtitle}</p>
      {readOnly ? (
        <p className="rounded border-l-4 border-warning bg-warning-bg p-3 text-warning">
          {t(`${ns}:questionnaire.readOnly.${readOnly}`)}
        </p>
      ) : (
        <>
          {incomplete ? (
            <div role="alert" className="mb-4 rounded border-l-4 border-warning bg-warning-bg p-3">
              <h2 className="text-lg">{t(`${ns}:finish.incomplete`)}</h2>
              <p className="mb-2">{t(`${ns}:finish.incompleteHint`)}</p>
              {missing.map((part) =>
                part.names.length ? <MissingList key={part.key} heading={part.heading} names={part.names} /> : null,
              )}
            </div>
          ) : (
            <p className="mb-4">{t(`${ns}:finish.complete`)}</p>
          )}
          <p className="mb-4">{t(`${ns}:finish.explain`)}</p>
          <Form method="post" className="flex flex-wrap items-center gap-4">
            <Button>{t(`${ns}:finish.submit`)}</Button>
            <Link to={back}>{t(`${ns}:finish.cancel`)}</Link>
          </Form>
        </>
      )}
    </div>
  );
}

function MissingList({ heading, names }: { heading?: string; names: readonly string[] }) {
  const list = (
    <ul className="mb-2 ml-5 list-disc">
      {names.map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  );
  if (!heading) return list;
  return (
    <div>
      <h3 className="font-medium">{heading}</h3>
      {list}
    </div>
  );
}
