import { useLayoutEffect, useRef } from 'react';

/**
 * A ref that always holds the latest value, for callbacks handed to code that keeps the first one it
 * got (observers, timers, editor events). Updated after render, so rendering stays pure.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
