import { describe, expect, it } from 'vitest';
import { describeDevice, placeOf } from './device.ts';

describe('session device and place', () => {
  it('names common browsers and systems from the User-Agent', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
      ),
    ).toBe('Edge · Windows');
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0')).toBe('Firefox · Linux');
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari · iOS');
    expect(describeDevice('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36')).toBe(
      'Chrome · Android',
    );
    expect(describeDevice('')).toBe('Unknown device');
  });
  it('gives a coarse place for an address', () => {
    expect(placeOf('127.0.0.1')).toBe('local');
    expect(placeOf('::ffff:127.0.0.1')).toBe('local');
    expect(placeOf('192.168.1.20')).toBe('private');
    expect(placeOf('172.20.0.1')).toBe('private');
    expect(placeOf('203.0.113.9')).toBe('internet');
    expect(placeOf('2001:db8::1')).toBe('internet');
    expect(placeOf('fd00::1')).toBe('private');
  });
});
