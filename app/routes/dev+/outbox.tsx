import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { listDevOutbox } from "~/features/email/dev-outbox.server";
import { requireLoopbackPeer } from "~/utils/peer.server";

export const handle = { i18n: ["common"] };

// public route: a developer's view of mail written to DATA_DIR/outbox; 404 unless DEV_OUTBOX or development, and never with SMTP.
// Only for a browser on this machine (the socket's peer is loopback): the mail holds reset links and codes.
export async function loader({ context }: LoaderFunctionArgs) {
  requireLoopbackPeer(context);
  return { messages: await listDevOutbox() };
}

export default function DevOutboxPage() {
  const { t } = useTranslation();
  const { messages } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto max-w-3xl p-8">
      <h1>{t("common:devOutbox.title")}</h1>
      <p className="mt-2 text-ink-muted">{t("common:devOutbox.intro")}</p>
      {messages.length === 0 ? (
        <p className="mt-6">{t("common:devOutbox.empty")}</p>
      ) : (
        <ul className="mt-6 space-y-1">
          {messages.map((m) => (
            <li key={m.name}>
              <Link to={`/dev/outbox/${encodeURIComponent(m.name)}`} reloadDocument>
                {m.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
