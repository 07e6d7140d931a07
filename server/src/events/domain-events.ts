import type { DbOrTx } from '../db/client';

/**
 * ARCHITECTURE §1/§3a: a business step emits one event of the business; mail, notifications and live events
 * consume it inside the step's transaction. Every consumer writes into `tx` (a queued mail job, notification
 * rows, recorded live events), so what it causes commits or rolls back with the change and is sent only after
 * the commit. Synchronous and in order: the handlers run one after the other, in the order they were
 * registered, and a failing handler fails the step.
 */
export type DomainEventHandler<Payload> = (tx: DbOrTx, payload: Payload) => Promise<void>;

/** What a business step needs of the bus: emitting. `Events` maps each event name to its payload. */
export interface DomainEventEmitter<Events> {
  emit<Name extends keyof Events & string>(tx: DbOrTx, name: Name, payload: Events[Name]): Promise<void>;
}

export interface DomainEventBus<Events> extends DomainEventEmitter<Events> {
  /** Registers a consumer (at the composition root, app.ts). */
  on<Name extends keyof Events & string>(name: Name, handler: DomainEventHandler<Events[Name]>): void;
}

export function createDomainEventBus<Events>(): DomainEventBus<Events> {
  const handlers = new Map<string, DomainEventHandler<never>[]>();
  return {
    on(name, handler) {
      handlers.set(name, [...(handlers.get(name) ?? []), handler as DomainEventHandler<never>]);
    },
    async emit(tx, name, payload) {
      for (const handler of handlers.get(name) ?? []) {
        await (handler as DomainEventHandler<typeof payload>)(tx, payload);
      }
    },
  };
}
