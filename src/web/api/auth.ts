import { useMutation, useQuery } from '@tanstack/react-query';
import type { RegisterInput } from '../../domain/auth';
import { ApiError } from './client';
import { api, type ReplyOf } from './typed';

export type AuthReply = ReplyOf<'/api/auth/login', 'post'>;
export type SessionUser = ReplyOf<'/api/auth/me', 'get'>['user'];
export type VerifyResetReply = ReplyOf<'/api/auth/reset-password/{token}', 'get'>;

export const NO_USER_DATA = 'No user data returned';

export interface Credentials {
  email: string;
  password: string;
}

/** A login or registration reply without a token is a failure (the reply is checked, not trusted). */
const requireToken = (reply: Partial<AuthReply> | undefined): AuthReply => {
  if (!reply?.token || !reply.user) throw new ApiError(NO_USER_DATA, 200, reply ?? null);
  return reply as AuthReply;
};

export const loginRequest = async (credentials: Credentials): Promise<AuthReply> => requireToken(await api.post('/api/auth/login', { body: credentials }));

export const registerRequest = async (input: RegisterInput): Promise<AuthReply> => requireToken(await api.post('/api/auth/register', { body: input }));

export const fetchCurrentUser = async (signal?: AbortSignal): Promise<SessionUser> => {
  const reply: Partial<ReplyOf<'/api/auth/me', 'get'>> | undefined = await api.get('/api/auth/me', { signal });
  if (!reply?.user) throw new ApiError(NO_USER_DATA, 200, reply ?? null);
  return reply.user;
};

export const logoutRequest = () => api.post('/api/auth/logout');

export const forgotPasswordRequest = (email: string) => api.post('/api/auth/forgot-password', { body: { email } });

export const verifyResetToken = (token: string, signal?: AbortSignal): Promise<VerifyResetReply> =>
  api.get('/api/auth/reset-password/{token}', { path: { token }, signal });

export const resetPasswordRequest = (input: { token: string; newPassword: string }) => api.post('/api/auth/reset-password', { body: input });

export const authKeys = {
  resetToken: (token: string) => ['auth', 'reset-token', token] as const,
};

export const useForgotPassword = () => useMutation({ mutationFn: forgotPasswordRequest });

/** Verifies a reset link once; an invalid link is an answer, not something to retry. */
export const useVerifyResetToken = (token: string | null) =>
  useQuery({
    queryKey: authKeys.resetToken(token ?? ''),
    queryFn: ({ signal }) => verifyResetToken(token ?? '', signal),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

export const useResetPassword = () => useMutation({ mutationFn: resetPasswordRequest });
