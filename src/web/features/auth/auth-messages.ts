import { isNetworkError } from '../../api/client';

export const CONNECTION_ERROR = 'Unable to connect to the server. Please check your internet connection and try again.';
export const LOGIN_FALLBACK = 'An error occurred during login';
export const REGISTER_FALLBACK = 'An error occurred during registration';
export const REGISTER_SUCCESS = 'Account created successfully!';
export const RESET_SENT = 'Password reset instructions sent!';
export const RESET_SEND_FAILED = 'Failed to send reset email';
export const INVALID_RESET_LINK_TOAST = 'Invalid reset link';
export const VERIFY_LINK_FAILED = 'Failed to verify reset link';
export const RESET_DONE = 'Password reset successfully! You can now log in with your new password.';
export const RESET_FAILED = 'Failed to reset password';

/** What a failed sign-in (or sign-up) tells the user: a connection problem, the server's words, or a fallback. */
export const authErrorMessage = (error: unknown, fallback = LOGIN_FALLBACK): string => {
  if (isNetworkError(error)) return CONNECTION_ERROR;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
};
