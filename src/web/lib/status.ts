/**
 * Status messages (spec 4): success, info, warning or error, removed after 4500 ms by default.
 * A tiny external store so any code (mutations, guards) can post without a React context.
 */
import { useSyncExternalStore } from 'react';
import { STATUS_MESSAGE_LIFETIME_MS } from '../../domain/constants.ts';

export type StatusType = 'success' | 'info' | 'warning' | 'error';
export interface StatusMessage {
  id: number;
  type: StatusType;
  message: string;
}

let messages: StatusMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function removeStatus(id: number) {
  messages = messages.filter((m) => m.id !== id);
  emit();
}

/** Shows a message (an English text; the status area translates it) for `lifetime` ms. */
export function addStatus(type: StatusType, message: string, lifetime: number = STATUS_MESSAGE_LIFETIME_MS): number {
  const id = nextId++;
  // One copy of the same text at a time: a repeated failure should not stack up.
  messages = [...messages.filter((m) => !(m.message === message && m.type === type)), { id, type, message }];
  emit();
  if (lifetime > 0) setTimeout(() => removeStatus(id), lifetime);
  return id;
}

export function useStatusMessages(): StatusMessage[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => messages,
    () => messages,
  );
}
