import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput, UpdateProfileInput } from '../../domain/profile-schemas';
import { api } from './typed';

export const profileKeys = { mine: ['profile'] as const };

export const useProfile = () => useQuery({ queryKey: profileKeys.mine, queryFn: ({ signal }) => api.get('/api/auth/profile', { signal }) });

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => api.put('/api/auth/profile', { body: input }),
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.mine, profile),
  });
};

export const useChangePassword = () => useMutation({ mutationFn: (input: ChangePasswordInput) => api.post('/api/auth/change-password', { body: input }) });
