import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../config/paths';
import { INVALID_RESET_LINK_TOAST } from '../features/auth/auth-messages';
import { AuthPageLayout } from '../features/auth/auth-page-layout';
import { ResetPasswordFlow } from '../features/auth/reset-password-flow';

export const ResetPasswordRoute = () => {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();

  useEffect(() => {
    if (token) return;
    toast.error(INVALID_RESET_LINK_TOAST, { id: 'reset-link' });
    navigate(paths.login.href(), { replace: true });
  }, [token, navigate]);

  if (!token) return null;
  return (
    <AuthPageLayout title="Reset password">
      <ResetPasswordFlow key={token} token={token} />
    </AuthPageLayout>
  );
};
