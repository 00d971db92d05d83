/**
 * The size of the benchmark account (issues #38 and #34, decision 1800). The default, Groot BV with 10,000
 * people in 800 teams, is what every bench target was set against; `SEED_LARGE_PEOPLE` seeds another size as
 * its own account beside it (its own name, HR user and e-mail domain), with teams scaled to the same 12.5
 * people a team. Catalogues (40 positions, 60 personnel tags, the competence book) stay as they are: a
 * company ten times larger has the same kinds of jobs, not ten times as many.
 */
export const LARGE_EMPLOYEES = 10_000;
export const LARGE_TEAMS = 800;
const MIN_PEOPLE = 50;
const MAX_PEOPLE = 1_000_000;

export type LargeSize = {
  people: number;
  teams: number;
  accountName: string;
  hrEmail: string;
  /** Employees are medewerker<number>@<emailDomain>; the number is zero-padded to numberWidth digits. */
  emailDomain: string;
  numberWidth: number;
};

/** "100k" for 100,000, "300" for 300: the suffix that tells the sizes' accounts apart. */
function sizeLabel(people: number) {
  return people % 1000 === 0 ? `${people / 1000}k` : String(people);
}

export function largeSize(people: number = LARGE_EMPLOYEES): LargeSize {
  if (!Number.isInteger(people) || people < MIN_PEOPLE || people > MAX_PEOPLE) {
    throw new Error(`The large seed's size must be a whole number of people from ${MIN_PEOPLE} to ${MAX_PEOPLE}.`);
  }
  const teams = Math.round((people * LARGE_TEAMS) / LARGE_EMPLOYEES);
  const numberWidth = Math.max(5, String(people).length);
  if (people === LARGE_EMPLOYEES) {
    return { people, teams, accountName: "Groot BV", hrEmail: "hr@groot.nl", emailDomain: "groot.nl", numberWidth };
  }
  const label = sizeLabel(people);
  return {
    people,
    teams,
    accountName: `Groot BV ${label}`,
    hrEmail: `hr${label}@groot.nl`,
    emailDomain: `groot${label}.nl`,
    numberWidth,
  };
}

/** The size asked for by SEED_LARGE_PEOPLE (digits, underscores allowed: 100_000), else the default. */
export function largeSizeFromEnv(env: Record<string, string | undefined> = process.env): LargeSize {
  const raw = env.SEED_LARGE_PEOPLE?.trim().replaceAll("_", "");
  if (!raw) return largeSize();
  if (!/^\d+$/.test(raw)) throw new Error(`SEED_LARGE_PEOPLE must be a number of people, not "${raw}".`);
  return largeSize(Number(raw));
}
