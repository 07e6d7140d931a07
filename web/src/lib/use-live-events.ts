import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectLiveEvents } from './live-events';

/** Keeps the live event stream open while `enabled` (a signed-in customer or supplier). */
export function useLiveEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const connection = connectLiveEvents(queryClient);
    return () => connection.close();
  }, [enabled, queryClient]);
}
