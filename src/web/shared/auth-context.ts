import { createContext, useContext } from 'react';
import type { RegisterInput, SessionUser } from '../../domain/auth';
import type { Credentials } from '../api/auth';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export interface AuthContextValue {
  status: AuthStatus;
  user: SessionUser | null;
  login: (credentials: Credentials) => Promise<SessionUser>;
  register: (input: RegisterInput) => Promise<SessionUser>;
  /** Tells the server, ignores its answer, and forgets the session locally. */
  logout: () => Promise<void>;
  /** Reads the signed-in user again (e.g. after an administrator changed their role). */
  refreshUser: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export const useAuth = (): AuthContextValue => {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
};
