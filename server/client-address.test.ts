import { describe, expect, it } from 'vitest';
import { addressGroup } from './client-address';

describe('the address group a result is counted under', () => {
  it('is an IPv4 address whole, however it is written', () => {
    expect(addressGroup('192.0.2.7')).toBe('192.0.2.7');
    expect(addressGroup('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressGroup('192.0.2.8')).not.toBe(addressGroup('192.0.2.7'));
  });

  it('is the /64 of an IPv6 address: every address of one network is one group', () => {
    const group = addressGroup('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(group).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:0db8:0001:0002::1')).toBe(group);
    expect(addressGroup('2001:db8:1:2::ffff:1.2.3.4')).toBe(group);
    expect(addressGroup('2001:db8:1:3::1')).not.toBe(group);
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
  });
});
