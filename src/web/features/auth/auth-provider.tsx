import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AuthReply, SessionUser } from '../../../domain/auth';
import { fetchCurrentUser, loginRequest, logoutRequest, registerRequest } from '../../api/auth';
import { clearToken, onSessionEnded, readToken, storeToken } from '../../api/token-storage';
import { AuthContext, type AuthContextValue, type AuthStatus } from '../../shared/auth-context';

interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
}

const ANONYMOUS: AuthState = { status: 'anonymous', user: null };

/**
 * Holds who is signed in. Loading at start; with a stored token the current user is fetched and,
 * when that fails, the token is cleared. Login and registration store the new token.
 */
export const AuthProvider = ({ children }: { children: ReactNode }) => {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>(() => (readToken() ? { status: 'loading', user: null } : ANONYMOUS));

  useEffect(() => {
    if (!readToken()) return;
    const controller = new AbortController();
    fetchCurrentUser(controller.signal).then(
      (user) => setState({ status: 'authenticated', user }),
      () => {
        if (controller.signal.aborted) return;
        clearToken();
        setState(ANONYMOUS);
      },
    );
    return () => controller.abort();
  }, []);

  // The server refused the stored token on some call: the session is over.
  useEffect(
    () =>
      onSessionEnded(() => {
        queryClient.clear();
        setState(ANONYMOUS);
      }),
    [queryClient],
  );

  const startSession = useCallback(
    (reply: AuthReply) => {
      storeToken(reply.token);
      queryClient.clear();
      setState({ status: 'authenticated', user: reply.user });
      return reply.user;
    },
    [queryClient],
  );

  const login = useCallback<AuthContextValue['login']>(async (credentials) => startSession(await loginRequest(credentials)), [startSession]);

  const register = useCallback<AuthContextValue['register']>(async (input) => startSession(await registerRequest(input)), [startSession]);

  const logout = useCallback(async () => {
    try {
      await logoutRequest();
    } catch {
      // Signing out locally must work even when the server cannot be told.
    }
    // Stop what is in flight and leave the signed-in screens first; only then drop the cache, so no
    // mounted query fetches again without a token (a burst of 401s after signing out).
    await queryClient.cancelQueries();
    clearToken();
    setState(ANONYMOUS);
    window.setTimeout(() => queryClient.clear(), 0);
  }, [queryClient]);

  const refreshUser = useCallback(async () => {
    if (!readToken()) return;
    try {
      const user = await fetchCurrentUser();
      setState({ status: 'authenticated', user });
    } catch {
      // A refused token ends the session through onSessionEnded; other failures keep what we have.
    }
  }, []);

  const value = useMemo<AuthContextValue>(() => ({ ...state, login, register, logout, refreshUser }), [state, login, register, logout, refreshUser]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
};
