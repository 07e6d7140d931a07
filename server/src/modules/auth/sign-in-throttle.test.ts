import { describe, expect, it } from 'vitest';
import {
  type SignInFailures,
  signInWaitMessage,
  signInWaitSeconds,
  throttleAddress,
} from './sign-in-throttle';

const NOW = new Date('2026-03-02T10:00:00Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);

function failures(overrides: {
  pair?: [number, Date | null];
  address?: [number, Date | null];
  account?: [number, Date | null];
}): SignInFailures {
  const [pairCount, pairOldest] = overrides.pair ?? [0, null];
  const [addressCount, addressOldest] = overrides.address ?? [0, null];
  const [accountCount, accountLatest] = overrides.account ?? [0, null];
  return {
    pair: { count: pairCount, oldest: pairOldest },
    address: { count: addressCount, oldest: addressOldest },
    account: { count: accountCount, latest: accountLatest },
  };
}

describe('signInWaitSeconds (ASVS 6.3.1)', () => {
  it('nothing counted: no wait', () => {
    expect(signInWaitSeconds(failures({}), NOW)).toBe(0);
  });

  it('one account from one address: the 10th failure makes the pair wait until it leaves the window', () => {
    expect(signInWaitSeconds(failures({ pair: [9, ago(10)], address: [9, ago(10)] }), NOW)).toBe(0);
    expect(signInWaitSeconds(failures({ pair: [10, ago(60)], address: [10, ago(60)] }), NOW)).toBe(14 * 60);
    expect(signInWaitSeconds(failures({ pair: [10, ago(15 * 60)], address: [10, ago(15 * 60)] }), NOW)).toBe(
      0,
    );
  });

  it('one address against many accounts: 50 failures make the address wait', () => {
    expect(signInWaitSeconds(failures({ address: [49, ago(100)] }), NOW)).toBe(0);
    expect(signInWaitSeconds(failures({ address: [50, ago(100)] }), NOW)).toBe(15 * 60 - 100);
  });

  it('one account from many addresses: a clean address is never slowed', () => {
    expect(signInWaitSeconds(failures({ account: [200, ago(0)] }), NOW)).toBe(0);
  });

  it('an address with failures waits 1, 2, 4 … at most 30 s after the account’s latest failure', () => {
    const waitFor = (accountFailures: number) =>
      signInWaitSeconds(failures({ address: [1, ago(5)], account: [accountFailures, NOW] }), NOW);
    expect([4, 5, 6, 7, 8, 9, 10, 11, 40].map(waitFor)).toEqual([0, 1, 2, 4, 8, 16, 30, 30, 30]);
    // the delay runs from the account's latest failure
    expect(signInWaitSeconds(failures({ address: [1, ago(5)], account: [9, ago(10)] }), NOW)).toBe(6);
    expect(signInWaitSeconds(failures({ address: [1, ago(5)], account: [9, ago(16)] }), NOW)).toBe(0);
  });

  it('failures from the same address alone are left to the pair limit', () => {
    const oneAddress = failures({ pair: [9, ago(30)], address: [9, ago(30)], account: [9, NOW] });
    expect(signInWaitSeconds(oneAddress, NOW)).toBe(0);
    // 5 failures from elsewhere besides the 4 from here: this address (which failed) waits a second
    const mixed = failures({ pair: [4, ago(30)], address: [4, ago(30)], account: [9, NOW] });
    expect(signInWaitSeconds(mixed, NOW)).toBe(1);
  });

  it('the longest of several waits wins', () => {
    const both = failures({ pair: [10, ago(60)], address: [10, ago(60)], account: [30, NOW] });
    expect(signInWaitSeconds(both, NOW)).toBe(14 * 60);
  });
});

describe('signInWaitMessage', () => {
  it('says the wait in German seconds or minutes', () => {
    expect(signInWaitMessage(1)).toContain('Bitte warten Sie 1 Sekunde und');
    expect(signInWaitMessage(16)).toContain('Bitte warten Sie 16 Sekunden und');
    expect(signInWaitMessage(60)).toContain('Bitte warten Sie 1 Minute und');
    expect(signInWaitMessage(14 * 60 + 1)).toContain('Bitte warten Sie 15 Minuten und');
  });
});

describe('throttleAddress', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6 and counts an IPv6 /64 as one address', () => {
    expect(throttleAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
  });
});
