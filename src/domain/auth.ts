import { z } from 'zod';
import { ROLES } from './roles';
import { MAX_EMAIL, MAX_PASSWORD, requiredEmail, requiredText } from './validation';

export const PASSWORD_MIN_LENGTH = 8;
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(ROLES),
  full_name: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const authReplySchema = z.object({ token: z.string(), user: sessionUserSchema });
export type AuthReply = z.infer<typeof authReplySchema>;

const passwordAtSignUp = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters long')
  .max(MAX_PASSWORD, `Password must be at most ${MAX_PASSWORD} characters long`);

export const INVALID_CREDENTIALS = 'Invalid email or password';

/** What POST /api/auth/register accepts; field order is the order messages are reported in. */
export const registerSchema = z.object({
  firstName: requiredText('First name is required', 100),
  lastName: requiredText('Last name is required', 100),
  email: requiredEmail('Email is required'),
  phone: requiredText('Phone number is required', 40),
  address: requiredText('Address is required'),
  company: requiredText('Company name is required', 200),
  jobTitle: requiredText('Job title is required', 200),
  password: passwordAtSignUp,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The create-account form adds a confirmation checked in the browser. */
export const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your password') })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type RegisterForm = z.input<typeof registerFormSchema>;

// Sign-in checks presence only: a malformed address simply matches no account (admin@localhost is valid here).
export const loginSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(MAX_EMAIL, INVALID_CREDENTIALS)
    .transform((value) => value.toLowerCase()),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(MAX_PASSWORD, INVALID_CREDENTIALS),
});

export const forgotPasswordSchema = z.object({
  email: requiredEmail('Please enter your email address'),
});

export const FORGOT_PASSWORD_REPLY = 'If an account exists for that email address, password reset instructions have been sent.';

/** The reset rules, in the order their messages are shown; only the first failing one is reported. */
export const resetPasswordRuleMessage = (password: string): string | null => {
  if (password.length < PASSWORD_MIN_LENGTH) return 'Password must be at least 8 characters long';
  if (password.length > MAX_PASSWORD) return `Password must be at most ${MAX_PASSWORD} characters long`;
  if (!/[a-z]/.test(password)) return 'Password must contain at least one lowercase letter';
  if (!/[A-Z]/.test(password)) return 'Password must contain at least one uppercase letter';
  if (!/[0-9]/.test(password)) return 'Password must contain at least one number';
  return null;
};

const strongPassword = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .superRefine((value, ctx) => {
    const message = resetPasswordRuleMessage(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const resetPasswordSchema = z.object({
  token: z.string({ error: 'Invalid or expired reset link' }).min(1, 'Invalid or expired reset link').max(200, 'Invalid or expired reset link'),
  newPassword: strongPassword,
});

export const INVALID_RESET_LINK = 'Invalid or expired reset link';

export const verifyResetReplySchema = z.object({
  valid: z.boolean(),
  email: z.string().nullable(),
  error: z.string().nullable(),
});

/** Reset form in the browser: both fields, then the rules. */
export const resetPasswordFormSchema = z.object({ newPassword: z.string(), confirmPassword: z.string() }).superRefine((form, ctx) => {
  if (form.newPassword !== form.confirmPassword) {
    ctx.addIssue({ code: 'custom', message: 'Passwords do not match', path: ['confirmPassword'] });
    return;
  }
  const message = resetPasswordRuleMessage(form.newPassword);
  if (message) ctx.addIssue({ code: 'custom', message, path: ['newPassword'] });
});

export const messageReplySchema = z.object({ message: z.string() });
/**
 * Every error reply: the spec's message, and `field`, the input it is about in the request's naming
 * (`start_date`, `selectedDayparts[2].user_defined_cpm`), when the refusal is about one (decision 043).
 */
export const errorReplySchema = z.object({
  error: z.string(),
  field: z.string().optional().meta({
    description: "The input the error is about, in the request's naming: `start_date`, `items[2].cpm`. Absent when the error is about the request as a whole.",
  }),
});
