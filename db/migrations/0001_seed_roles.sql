-- The spec's role entities (§3): every key at the levels where it can be given.
INSERT INTO "roles" ("key", "level") VALUES
  ('employee', 'cluster'),
  ('cluster_admin', 'cluster'),
  ('data_manager', 'cluster'),
  ('auth_manager', 'cluster'),
  ('advisor', 'cluster'),
  ('advisor', 'team'),
  ('reviewer', 'cluster'),
  ('reviewer', 'team'),
  ('team_admin', 'team'),
  ('team_member', 'team'),
  ('account_admin', 'cluster')
ON CONFLICT DO NOTHING;
