import { describeManyProcesses } from "../support/many-processes-checks";

// Issue #38: two web processes and two job workers on one database, directly (through PgBouncer: tests/pgbouncer/).
describeManyProcesses("two web processes and two workers on one database");
