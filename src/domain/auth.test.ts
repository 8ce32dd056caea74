import { describe, expect, it } from 'vitest';
import { loginSchema, registerFormSchema, registerSchema, resetPasswordFormSchema, resetPasswordRuleMessage } from './auth';
import { firstIssueMessage } from './validation';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'Ada@Example.com',
  phone: '555',
  address: '1 Main St',
  company: 'Acme',
  jobTitle: 'Buyer',
  password: 'password1',
};

const firstMessage = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : firstIssueMessage(result.error as never);
};

describe('sign-up rules', () => {
  it('accepts a complete form and lower-cases the e-mail', () => {
    expect(registerSchema.parse(valid).email).toBe('ada@example.com');
  });
  it.each([
    ['firstName', 'First name is required'],
    ['lastName', 'Last name is required'],
    ['email', 'Email is required'],
    ['phone', 'Phone number is required'],
    ['address', 'Address is required'],
    ['company', 'Company name is required'],
    ['jobTitle', 'Job title is required'],
    ['password', 'Password is required'],
  ])('requires %s: "%s"', (field, message) => {
    expect(firstMessage(registerSchema, { ...valid, [field]: field === 'password' ? '' : '   ' })).toBe(message);
    const { [field as keyof typeof valid]: _omitted, ...rest } = valid;
    expect(firstMessage(registerSchema, rest)).toBe(message);
  });
  it('checks the e-mail format and password length', () => {
    expect(firstMessage(registerSchema, { ...valid, email: 'not-an-email' })).toBe('Please enter a valid email address');
    expect(firstMessage(registerSchema, { ...valid, password: 'short' })).toBe('Password must be at least 8 characters long');
  });
  it('rejects wrong types with the field message', () => {
    expect(firstMessage(registerSchema, { ...valid, firstName: 42 })).toBe('First name is required');
  });
  it('the form also checks the confirmation', () => {
    expect(firstMessage(registerFormSchema, { ...valid, confirmPassword: '' })).toBe('Please confirm your password');
    expect(firstMessage(registerFormSchema, { ...valid, confirmPassword: 'password2' })).toBe('Passwords do not match');
    expect(firstMessage(registerFormSchema, { ...valid, confirmPassword: 'password1' })).toBeNull();
  });
});

describe('sign-in rules', () => {
  it('needs both fields but accepts local addresses such as admin@localhost', () => {
    expect(firstMessage(loginSchema, { email: '', password: 'x' })).toBe('Email is required');
    expect(firstMessage(loginSchema, { email: 'a@b.co' })).toBe('Password is required');
    expect(loginSchema.parse({ email: ' Admin@Localhost ', password: 'x' }).email).toBe('admin@localhost');
  });
});

describe('reset-password rules', () => {
  it('reports only the first failing rule, in the spec order', () => {
    expect(resetPasswordRuleMessage('Ab1')).toBe('Password must be at least 8 characters long');
    expect(resetPasswordRuleMessage('ABCDEFGH1')).toBe('Password must contain at least one lowercase letter');
    expect(resetPasswordRuleMessage('abcdefgh1')).toBe('Password must contain at least one uppercase letter');
    expect(resetPasswordRuleMessage('Abcdefghi')).toBe('Password must contain at least one number');
    expect(resetPasswordRuleMessage('Abcdefg1')).toBeNull();
  });
  it('the form checks that both entries match first', () => {
    expect(firstMessage(resetPasswordFormSchema, { newPassword: 'short', confirmPassword: 'other' })).toBe('Passwords do not match');
    expect(firstMessage(resetPasswordFormSchema, { newPassword: 'short', confirmPassword: 'short' })).toBe('Password must be at least 8 characters long');
  });
});
