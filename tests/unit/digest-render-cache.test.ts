/**
 * The digest's skeleton render (emails/index.ts, docs/decisions/1263): a digest built from the skeleton of
 * its shape is byte for byte the digest a full React render makes, also for values that need escaping,
 * empty optional parts and a second digest of the same shape with other values.
 */
import { describe, expect, test } from "vitest";
import type { DigestProps } from "#emails/digest";
import { appUrl } from "#emails/password-changed";
import { renderEmail, renderEmailUncached } from "#emails/index";
import { supportedLanguages } from "~/utils/i18n";

const base: DigestProps = {
  firstName: "Sanne",
  organisation: "Demo BV",
  frequency: "weekly",
  sections: [
    {
      key: "newTasks",
      items: [
        { title: "Inwerkplan", path: "/tasks/inbox/abc", due: "01-12-2026", detail: "Daan" },
        { title: "Tweede", path: "/tasks/inbox/def", due: "", detail: "" },
      ],
    },
    {
      key: "reviews",
      items: [{ title: "Zelfbeoordeling", path: "/selfreview/questionnaire/a/b", due: "", detail: "" }],
    },
  ],
  unsubscribePath: "/unsubscribe/abc.def",
};

const variants: [string, DigestProps][] = [
  ["plain", base],
  [
    "the same shape with other values",
    {
      ...base,
      firstName: "Piet",
      sections: [
        {
          key: "newTasks",
          items: [
            {
              title: 'Rooster <maken> & "delen"',
              path: "/tasks/inbox/x?a=1&b='2'",
              due: "02-12-2026",
              detail: "O'Brien",
            },
            { title: "  spaties   en\nregels  ", path: "/tasks/inbox/y", due: "", detail: "" },
          ],
        },
        {
          key: "reviews",
          items: [{ title: "https://example.com/x", path: "/review/evaluation/z", due: "", detail: "" }],
        },
      ],
      unsubscribePath: "/unsubscribe/zzz.yyy",
    },
  ],
  [
    "no name, every optional part empty",
    {
      ...base,
      firstName: "   ",
      sections: [{ key: "imports", items: [{ title: "a.xlsx", path: "/import/excel/1", due: "", detail: "" }] }],
    },
  ],
  [
    "values with entities, non-breaking and other characters",
    {
      ...base,
      firstName: "Zoë",
      sections: [
        {
          key: "newTasks",
          items: [
            { title: "A &amp; B &lt;i&gt;", path: "/tasks/inbox/1", due: "03-12-2026", detail: "Jan\u00a0de Vries" },
            { title: "Taak\u200bmet", path: "/tasks/inbox/2", due: "", detail: "[x] *y* _z_" },
          ],
        },
        { key: "reviews", items: [{ title: "Één  twee", path: "/review/evaluation/3", due: "", detail: "" }] },
      ],
    },
  ],
  [
    "values to escape that the text takes as they are",
    {
      ...base,
      firstName: "O'Brien",
      sections: [
        {
          key: "overdueTasks",
          items: [
            { title: 'A &amp; B <b> "c"', path: "/tasks/inbox/1?a=1&b=2", due: "03-12-2026", detail: "Jan\u00a0Zoë" },
          ],
        },
      ],
    },
  ],
  [
    "a title that is the link itself",
    {
      ...base,
      sections: [
        {
          key: "dialogActions",
          items: [{ title: `${appUrl()}/dialogs/1`, path: "/dialogs/1", due: "", detail: "Doel" }],
        },
      ],
    },
  ],
];

describe("digest skeleton render", () => {
  for (const locale of supportedLanguages) {
    for (const [name, props] of variants) {
      test(`${name} (${locale}) equals a full render`, async () => {
        const full = await renderEmailUncached("digest", props, locale);
        // Twice: the first fills the cache, the second uses it.
        expect(await renderEmail("digest", props, locale)).toEqual(full);
        expect(await renderEmail("digest", props, locale)).toEqual(full);
      });
    }
  }
});
