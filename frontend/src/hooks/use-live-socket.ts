import { useEffect, useState } from 'react';

import type { LiveConnection, LiveHandlers } from '@/lib/ws-client';

export type LiveStatus = 'connecting' | 'open' | 'reconnecting';

/**
 * One socket while the page is open: each message goes to `onMessage`, a reconnect calls
 * `onReconnect` (the page refetches what it may have missed). The callbacks are read when the
 * socket opens, so pass stable ones (the event pages' cache writers are).
 */
export const useLiveSocket = <M>(
  connect: (handlers: LiveHandlers<M>) => LiveConnection,
  onMessage: (message: M) => void,
  onReconnect: () => void,
): LiveStatus => {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  useEffect(() => {
    const connection = connect({
      onOpen: (reconnected) => {
        setStatus('open');
        if (reconnected) onReconnect();
      },
      onClose: () => setStatus('reconnecting'),
      onMessage,
    });
    return () => connection.close();
  }, [connect, onMessage, onReconnect]);
  return status;
};
