import { describe, expect, it } from 'vitest';
import { addressGroup, clientGroups } from './client-address';

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

describe('the network group a result is also counted under', () => {
  it('is the /48 of an IPv6 address: every /64 of one site is one network', () => {
    const network = clientGroups('2001:db8:1:2::1').networkGroup;
    expect(network).toBe('2001:db8:1::/48');
    expect(clientGroups('2001:0db8:0001:ffff:1:2:3:4').networkGroup).toBe(network);
    expect(clientGroups('2001:db8:1::').networkGroup).toBe(network);
    expect(clientGroups('2001:db8:2::1').networkGroup).not.toBe(network);
  });

  it('is none for an IPv4 address, however it is written: it is counted by its address alone', () => {
    expect(clientGroups('192.0.2.7')).toEqual({ addressGroup: '192.0.2.7', networkGroup: null });
    expect(clientGroups('::ffff:192.0.2.7')).toEqual({
      addressGroup: '192.0.2.7',
      networkGroup: null,
    });
  });
});
