import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput, ProfileReply, UpdateProfileInput } from '../../domain/profile-schemas';
import { apiRequest } from './client';

export const profileKeys = { mine: ['profile'] as const };

export const useProfile = () => useQuery({ queryKey: profileKeys.mine, queryFn: ({ signal }) => apiRequest<ProfileReply>('/auth/profile', { signal }) });

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => apiRequest<ProfileReply>('/auth/profile', { method: 'PUT', body: input }),
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.mine, profile),
  });
};

export const useChangePassword = () =>
  useMutation({ mutationFn: (input: ChangePasswordInput) => apiRequest<{ message: string }>('/auth/change-password', { method: 'POST', body: input }) });
