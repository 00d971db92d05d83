/** A file the import cannot read; `key` is the i18n message shown to the user, `values` its interpolations. */
export class ImportFileError extends Error {
  constructor(
    readonly key: string,
    readonly values: Record<string, string | number> = {},
  ) {
    super(key);
  }
}
