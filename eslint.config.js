// ESLint 9 flat config. Syntax-only (no type-aware rules) so that `npm run lint` stays fast; tsc checks types.
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/build/",
      "node_modules/",
      ".data/",
      ".cache/",
      ".test-results/",
      "test-results/",
      "playwright-report/",
      "db/migrations/",
    ],
  },
  ...tseslint.configs.recommended,
  reactHooks.configs["recommended-latest"],
  {
    files: ["**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "no-debugger": "error",
      "no-console": "off",
      "prefer-const": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    // A body that is no form must be a 400/415, never a 500: actions read forms through readForm (decision 1440).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/utils/read-form.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[arguments.length=0] > MemberExpression.callee[property.name='formData']",
          message: "Read a form post with readForm(request) from ~/utils/read-form.server (400/415 instead of a 500).",
        },
      ],
    },
  },
  {
    // Routes are guard → parse → service → respond: the database is reached through app/features only
    // (docs/architecture.md).
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "pg", message: "Routes reach the database through a service in app/features." },
            { name: "pg-boss", message: "Routes reach the job queue through a service in app/features." },
          ],
          patterns: [
            {
              // db/ by alias (#db) or by relative path, and drizzle itself.
              regex: "^(#db|drizzle-orm)(/|$)|(^|/)db(/|$)",
              message: "Routes never import db/ or drizzle: call a service in app/features (docs/architecture.md).",
            },
          ],
        },
      ],
    },
  },
);
