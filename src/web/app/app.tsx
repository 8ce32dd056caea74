import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AuthProvider } from '../features/auth/auth-provider';
import { createQueryClient } from './query-client';
import { router } from './router';
import { AppToaster } from './toaster';

export const App = () => {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
      <AppToaster />
    </QueryClientProvider>
  );
};
