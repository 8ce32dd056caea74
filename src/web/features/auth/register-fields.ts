import type { HTMLInputTypeAttribute } from 'react';
import type { RegisterForm } from '../../../domain/auth';

export type RegisterField = keyof RegisterForm;

interface FieldConfig {
  name: RegisterField;
  label: string;
  type: HTMLInputTypeAttribute;
  autoComplete: string;
  /** Takes the full width of the two-column grid. */
  wide?: boolean;
}

/** The create-account inputs, in the order the form shows them. */
export const REGISTER_FIELDS: readonly FieldConfig[] = [
  { name: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', wide: true },
  { name: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
  { name: 'company', label: 'Company Name', type: 'text', autoComplete: 'organization' },
  { name: 'address', label: 'Address', type: 'text', autoComplete: 'street-address', wide: true },
  { name: 'jobTitle', label: 'Job Title', type: 'text', autoComplete: 'organization-title', wide: true },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
];

export const EMPTY_REGISTER_FORM: Record<RegisterField, string> = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  company: '',
  jobTitle: '',
  password: '',
  confirmPassword: '',
};
