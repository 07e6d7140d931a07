import type { Actor } from '@portal/domain/permissions';
import type { Viewer } from '@portal/domain/rules/reachability';
import { type SessionResponse, sessionResponse } from '@portal/domain/schemas/auth';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const sessionQueryKey = ['session'] as const;

/** The current session, or null when signed out (the server answers null then, not an error). */
export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }): Promise<SessionResponse | null> =>
    api.get('/auth/session', sessionResponse.nullable(), undefined, signal),
  staleTime: 5 * 60 * 1000,
});

export function useSession() {
  return useQuery(sessionQuery);
}

export function toViewer(session: SessionResponse | null | undefined): Viewer {
  if (!session) return { signedIn: false };
  return {
    signedIn: true,
    companyType: session.company.type,
    admin: session.user.admin,
    pendingRegistration: session.company.pendingRegistration,
    passwordChangeNeeded: session.user.passwordChangeNeeded,
  };
}

/**
 * A new (or no) session: drop every cached answer of the previous user, keep the session query itself
 * (its observers stay attached) and put the new value in.
 */
export function resetSessionData(queryClient: QueryClient, session: SessionResponse | null): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, session);
}

/** The session as the domain's Actor, for the permission functions that hide what the server forbids. */
export function toActor(session: SessionResponse | null | undefined): Actor | null {
  if (!session) return null;
  return {
    userId: session.user.id,
    companyId: session.company.id,
    companyType: session.company.type,
    admin: session.user.admin,
    pendingRegistration: session.company.pendingRegistration,
    passwordChangeNeeded: session.user.passwordChangeNeeded,
  };
}
