import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, Tx } from '#server/db/client.ts';
import { notify } from '#server/db/notify.ts';

/** What a subscriber hears: a payload some instance published, or a hint that some may have been lost. */
export type RealtimeNotice = { kind: 'payload'; payload: string } | { kind: 'resync' };

type RealtimeListener = (notice: RealtimeNotice) => void;

export type Realtime = {
  /**
   * Sends `payload` to every app instance subscribed to `channel` (PostgreSQL NOTIFY). Pass the
   * transaction that writes the change: the notice then leaves at its commit, and never without it.
   */
  publish: (channel: string, payload: string, executor?: Db | Tx) => Promise<void>;
  /** Hears every payload published on `channel` by any instance; returns the unsubscribe. */
  subscribe: (channel: string, listener: RealtimeListener) => Promise<() => void>;
  close: () => Promise<void>;
};

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more: publish ids, not documents. */
const maxPayloadBytes = 7999;

/**
 * Live fan-out between app instances through the database: one LISTEN per channel and instance,
 * whatever the number of local subscribers. Nothing here is the only copy of anything: what a
 * subscriber missed is still in the database, and a 'resync' notice tells it to look. A channel,
 * once heard, stays listened to until close: channels are few and named in code.
 */
export function createRealtime(database: Database, log: FastifyBaseLogger): Realtime {
  const subscribers = new Map<string, Set<RealtimeListener>>();
  const listening = new Map<string, Promise<() => Promise<void>>>();

  function dispatch(channel: string, notice: RealtimeNotice) {
    for (const listener of subscribers.get(channel) ?? []) {
      try {
        listener(notice);
      } catch (error) {
        log.error({ err: error, channel }, 'realtime subscriber failed');
      }
    }
  }

  function ensureListening(channel: string): Promise<unknown> {
    let started = listening.get(channel);
    if (!started) {
      started = database.listen(channel, {
        onNotify: (payload) => dispatch(channel, { kind: 'payload', payload }),
        onReconnect: () => {
          log.info({ channel }, 'realtime listener reconnected');
          dispatch(channel, { kind: 'resync' });
        },
        onConnectionError: (error) => log.warn({ err: error, channel }, 'realtime listener connection lost'),
      });
      listening.set(channel, started);
      started.catch(() => listening.delete(channel));
    }
    return started;
  }

  return {
    publish: async (channel, payload, executor = database.db) => {
      if (Buffer.byteLength(payload) > maxPayloadBytes) throw new Error(`realtime payload over ${maxPayloadBytes} bytes on ${channel}`);
      await notify(executor, channel, payload);
    },

    subscribe: async (channel, listener) => {
      let set = subscribers.get(channel);
      if (!set) {
        set = new Set();
        subscribers.set(channel, set);
      }
      set.add(listener);
      try {
        await ensureListening(channel);
      } catch (error) {
        set.delete(listener);
        throw error;
      }
      return () => {
        set.delete(listener);
      };
    },

    close: async () => {
      subscribers.clear();
      const started = [...listening.values()];
      listening.clear();
      await Promise.all(started.map((promise) => promise.then((unlisten) => unlisten()).catch(() => {})));
    },
  };
}
