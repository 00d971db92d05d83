import pg from "pg";
import { LARGE_ACCOUNT_NAME, LARGE_HR_EMAIL } from "../seed/large";

/** The account admin of Groot BV who reads its audit trail in the bench (the HR user's password). */
export const LARGE_ADMIN_EMAIL = "admin@groot.nl";
export const LARGE_AUDIT_ROWS = 1_000_000;

/**
 * Gives Groot BV an account admin and 1 million audit rows (issue #35 "Scale"), in SQL with generate_series
 * (≈ 1 min): actors and targets among its people, a mix of actions, two years of history. Skipped when the
 * account holds that many already. Answers the pages the bench measures: the viewer's first page and one
 * filtered by action.
 */
export async function auditPages(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const {
      rows: [hr],
    } = await pool.query<{ account_id: string; cluster_id: string; password_hash: string }>(
      `select u.account_id, m.cluster_id, u.password_hash from users u join memberships m on m.user_id = u.id
       where u.email = $1 and u.account_id = (select id from accounts where name = $2 limit 1)`,
      [LARGE_HR_EMAIL, LARGE_ACCOUNT_NAME],
    );
    await pool.query(
      `insert into users (account_id, email, first_name, last_name, language, password_hash, email_verified_at,
                          first_login_at, is_account_admin)
       select $1, $2, 'Aart', 'Beheer', 'nl', $3, now(), now(), true
       where not exists (select 1 from users where email = $2)`,
      [hr.account_id, LARGE_ADMIN_EMAIL, hr.password_hash],
    );
    const {
      rows: [{ n }],
    } = await pool.query<{ n: number }>(`select count(*)::int as n from audit_events where account_id = $1`, [
      hr.account_id,
    ]);
    if (n < LARGE_AUDIT_ROWS) {
      const started = Date.now();
      await pool.query(
        `with people as (
           select row_number() over (order by u.id) as i, u.id from users u where u.account_id = $1
         ), size as (select count(*) as k from people),
         actions as (
           select row_number() over () as i, a from unnest(array['login', 'login.failed', 'logout',
             'read.reviewReport', 'read.dialog', 'membership.update', 'review.finish', 'export.personnel',
             'settings.account', 'contract.update']) a
         )
         insert into audit_events (account_id, cluster_id, actor_user_id, target_user_id, subject_type, subject_id,
                                   action, data, ip, created_at)
         select $1, $2, actor.id, target.id, 'user', target.id::text, actions.a, null, '203.0.113.9',
                now() - (g * interval '63 seconds')
         from generate_series(1, $3::int) g
         cross join size
         join people actor on actor.i = 1 + (g * 7) % size.k
         join people target on target.i = 1 + (g * 13) % size.k
         join actions on actions.i = 1 + g % 10`,
        [hr.account_id, hr.cluster_id, LARGE_AUDIT_ROWS - n],
      );
      await pool.query(`analyze audit_events`);
      console.log(`Wrote ${LARGE_AUDIT_ROWS - n} audit rows in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    }
    return [
      { name: "audit trail, first page (1M rows)", path: "/account/audit", email: LARGE_ADMIN_EMAIL },
      {
        name: "audit trail, one action (1M rows)",
        path: "/account/audit?action=read.dialog",
        email: LARGE_ADMIN_EMAIL,
      },
    ];
  } finally {
    await pool.end();
  }
}
