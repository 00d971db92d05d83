import type PgBoss from "pg-boss";
import type * as z from "zod";
import { cleanupJob } from "./cleanup";
import { digestsJob } from "./digests";
import { emailSweeperJob } from "./email-sweeper";
import { invitationReminderJob } from "./invitation-reminder";
import { peerReviewInvitationsJob } from "./peer-review-invitations";
import { peerReviewRemindersJob } from "./peer-review-reminders";
import { importConnectorSchedulesJob } from "./import-connector-schedules";
import { personalDataExportCleanupJob, personalDataExportJob } from "./personal-data-export";
import { personnelImportJob } from "./personnel-import";
import { personnelImportConnectorJob } from "./personnel-import-connector";
import { retentionJob } from "./retention";
import { selfReviewInvitationsJob } from "./self-review-invitations";
import { selfReviewRemindersJob } from "./self-review-reminders";
import { sendEmailJob } from "./send-email";
import { taskMailsJob } from "./task-mails";
import { teamReviewInvitationsJob } from "./team-review-invitations";
import { teamReviewRemindersJob } from "./team-review-reminders";

/** What a handler may use besides its payload; the worker binds it to its own pg-boss instance. */
export type JobContext = {
  jobId: string;
  enqueue: (name: string, data: object) => Promise<string | null>;
};

export type JobDefinition<Schema extends z.ZodType = z.ZodType> = {
  name: string;
  /** Validates the payload; payloads hold ids only. */
  schema: Schema;
  /** Queue settings, written to pg-boss by the worker so that every sender's jobs get them. */
  options: Omit<PgBoss.Queue, "name">;
  /** How the worker fetches: at most batchSize jobs per pollingIntervalSeconds. */
  work?: { batchSize?: number; pollingIntervalSeconds?: number };
  /** Cron expression, evaluated in Europe/Amsterdam. */
  cron?: string;
  /** Must be idempotent: pg-boss delivers at least once. (Method syntax so that the list below type-checks.) */
  handler(data: z.infer<Schema>, context: JobContext): Promise<unknown>;
};

export const jobDefinitions: readonly JobDefinition[] = [
  sendEmailJob,
  cleanupJob,
  emailSweeperJob,
  invitationReminderJob,
  teamReviewInvitationsJob,
  teamReviewRemindersJob,
  selfReviewInvitationsJob,
  peerReviewInvitationsJob,
  peerReviewRemindersJob,
  selfReviewRemindersJob,
  digestsJob,
  taskMailsJob,
  personnelImportJob,
  personnelImportConnectorJob,
  importConnectorSchedulesJob,
  retentionJob,
  personalDataExportJob,
  personalDataExportCleanupJob,
];
