import { z } from 'zod';
import { resetPasswordRuleMessage } from './auth';
import { ROLES } from './roles';
import { MAX_PASSWORD, requiredText } from './validation';

/** PUT /api/auth/profile: the signed-in user's own name (decision 019). */
export const updateProfileSchema = z.object({
  firstName: requiredText('First name is required', 100),
  lastName: requiredText('Last name is required', 100),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
export const SAME_PASSWORD = 'New password must be different from the current password';
export const PASSWORD_CHANGED = 'Password changed successfully';

/** POST /api/auth/change-password: the current password, then the new one by the reset rules. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: CURRENT_PASSWORD_REQUIRED }).min(1, CURRENT_PASSWORD_REQUIRED).max(MAX_PASSWORD, CURRENT_PASSWORD_INCORRECT),
    newPassword: z
      .string({ error: 'Password is required' })
      .min(1, 'Password is required')
      .superRefine((value, ctx) => {
        const message = resetPasswordRuleMessage(value);
        if (message) ctx.addIssue({ code: 'custom', message });
      }),
  })
  .refine((body) => body.currentPassword !== body.newPassword, { message: SAME_PASSWORD, path: ['newPassword'] });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The change-password form in the browser adds a confirmation. */
export const changePasswordFormSchema = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .superRefine((form, ctx) => {
    if (!form.currentPassword) ctx.addIssue({ code: 'custom', message: CURRENT_PASSWORD_REQUIRED, path: ['currentPassword'] });
    const rule = resetPasswordRuleMessage(form.newPassword);
    if (rule) ctx.addIssue({ code: 'custom', message: rule, path: ['newPassword'] });
    else if (form.newPassword === form.currentPassword) ctx.addIssue({ code: 'custom', message: SAME_PASSWORD, path: ['newPassword'] });
    if (form.newPassword !== form.confirmPassword) ctx.addIssue({ code: 'custom', message: 'Passwords do not match', path: ['confirmPassword'] });
  });

/** The reply of PUT /api/auth/profile and GET /api/auth/profile. */
export const profileReplySchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(ROLES),
  full_name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
});
export type ProfileReply = z.infer<typeof profileReplySchema>;
