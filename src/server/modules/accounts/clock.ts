/**
 * The time the account secrets go by. Tests move it forward to see a temporary password or a
 * confirmation link expire without waiting half an hour.
 */
export const accountClock = {
  now: (): number => Date.now(),
};

export const clockIso = (offsetMs = 0) => new Date(accountClock.now() + offsetMs).toISOString();
