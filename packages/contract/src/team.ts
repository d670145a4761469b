import { z } from 'zod';
import { textInput } from './common';
import { constants } from './constants';
import { isPlausibleEmail } from './email';
import { messages } from './messages';

export const teamEmailInputSchema = z.object({
  email: textInput()
    .max(constants.limits.email, messages.invalidEmail)
    .refine(isPlausibleEmail, messages.invalidEmail)
    .transform((value) => value.toLowerCase()),
});
export type TeamEmailInput = z.input<typeof teamEmailInputSchema>;

/**
 * One row of a team. Rows with is_self true are the teams the caller belongs
 * to (added_by is that team's owner); the others are the caller's own team.
 */
export const teamMemberSchema = z.object({
  email: z.string(),
  added_at: z.string(),
  is_self: z.boolean(),
  added_by: z.string(),
  added_by_email: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamMembersAnswerSchema = z.object({ members: z.array(teamMemberSchema) });

export const leaveTeamsAnswerSchema = z.object({ success: z.literal(true), left: z.number().int() });
export const updateMemberIdAnswerSchema = z.object({ success: z.literal(true), linked: z.number().int() });
