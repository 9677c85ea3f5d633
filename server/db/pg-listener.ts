import pg from 'pg';

/** What a LISTEN subscriber hears: each payload, and when notifications may have been lost. */
type ListenHandlers = {
  onNotify: (payload: string) => void;
  /** The connection was lost and is back: anything sent meanwhile was missed. */
  onReconnect?: () => void;
  onConnectionError?: (error: Error) => void;
};

/** LISTEN on `channel` until the returned function is called (UNLISTEN when nobody is left). */
export type Listen = (channel: string, handlers: ListenHandlers) => Promise<() => Promise<void>>;

const channelPattern = /^[a-z_][a-z0-9_]{0,62}$/;
const firstRetryMs = 250;
const maxRetryMs = 5_000;

export function assertChannelName(channel: string): void {
  if (!channelPattern.test(channel)) throw new Error(`invalid LISTEN channel name: ${channel}`);
}

/**
 * LISTEN needs a session of its own: a pooled connection goes back to the pool and stops
 * hearing. One dedicated client per app instance carries every channel, and reconnects with
 * backoff when the server drops it, telling subscribers that they may have missed something.
 */
export function createPgListener(connectionString: string): { listen: Listen; close: () => Promise<void> } {
  const channels = new Map<string, Set<ListenHandlers>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = firstRetryMs;
  let isClosed = false;

  const everyHandler = () => [...channels.values()].flatMap((set) => [...set]);

  function lost(lostClient: pg.Client, error?: Error) {
    lostClient.removeAllListeners();
    lostClient.on('error', () => {});
    void lostClient.end().catch(() => {});
    if (client !== lostClient) return;
    client = undefined;
    if (error) for (const handlers of everyHandler()) handlers.onConnectionError?.(error);
    if (!isClosed && channels.size > 0) scheduleReconnect();
  }

  function scheduleReconnect() {
    if (retryTimer || isClosed) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        () => {
          retryMs = firstRetryMs;
          for (const handlers of everyHandler()) handlers.onReconnect?.();
        },
        (error: Error) => {
          for (const handlers of everyHandler()) handlers.onConnectionError?.(error);
          retryMs = Math.min(retryMs * 2, maxRetryMs);
          scheduleReconnect();
        },
      );
    }, retryMs);
    retryTimer.unref();
  }

  function connect(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString, keepAlive: true });
      next.on('notification', (message) => {
        for (const handlers of channels.get(message.channel) ?? []) handlers.onNotify(message.payload ?? '');
      });
      next.on('error', (error) => lost(next, error));
      next.on('end', () => lost(next));
      try {
        await next.connect();
        for (const channel of channels.keys()) await next.query(`LISTEN ${channel}`);
      } catch (error) {
        next.removeAllListeners();
        next.on('error', () => {});
        void next.end().catch(() => {});
        throw error;
      }
      client = next;
      return next;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  const listen: Listen = async (channel, handlers) => {
    assertChannelName(channel);
    if (isClosed) throw new Error('the listener is closed');
    let set = channels.get(channel);
    const isNewChannel = !set;
    if (!set) {
      set = new Set();
      channels.set(channel, set);
    }
    set.add(handlers);
    try {
      const connected = await connect();
      if (isNewChannel) await connected.query(`LISTEN ${channel}`);
    } catch (error) {
      set.delete(handlers);
      if (set.size === 0) channels.delete(channel);
      throw error;
    }
    return async () => {
      const current = channels.get(channel);
      if (!current?.delete(handlers) || current.size > 0) return;
      channels.delete(channel);
      await client?.query(`UNLISTEN ${channel}`).catch(() => {});
    };
  };

  return {
    listen,
    close: async () => {
      isClosed = true;
      clearTimeout(retryTimer);
      channels.clear();
      const current = client ?? (await connecting?.catch(() => undefined));
      client = undefined;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => {});
        await current.end().catch(() => {});
      }
    },
  };
}
