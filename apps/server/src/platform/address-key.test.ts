import { describe, expect, it } from 'vitest';
import { addressKey } from './rate-limit.ts';

describe('the address a rate-limit budget is counted against', () => {
  it('an IPv4 address is itself, also when written as IPv6', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('an IPv6 address counts by its /64: a subscriber cannot rotate addresses for fresh budgets', () => {
    const a = addressKey('2001:db8:85a3:1:aaaa:bbbb:cccc:1');
    expect(a).toBe('2001:db8:85a3:1::/64');
    expect(addressKey('2001:db8:85a3:1::2')).toBe(a);
    expect(addressKey('2001:0db8:85a3:0001:ffff:ffff:ffff:ffff')).toBe(a);
    expect(addressKey('2001:db8:85a3:2::1')).not.toBe(a);
  });

  it('compressed spellings and zones expand to the same network', () => {
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:db8:0:0:1::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
