import * as z from "zod";
import { currentPasswordField } from "~/features/people/profile.schema";

/** Turning two-step verification off asks for the password. */
export const disableTwoFactorSchema = z.object(currentPasswordField);
