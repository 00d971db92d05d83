import { customType } from "drizzle-orm/pg-core";

/** A file's bytes in PostgreSQL (uploaded imports, personal-data exports): a Buffer in and out. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });
