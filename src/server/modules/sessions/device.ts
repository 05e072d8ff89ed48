/**
 * What the Sessions list shows about a session: the browser and system read from the User-Agent (a
 * few well-known names, in the order that tells them apart: Edge and Opera also say Chrome, Chrome
 * also says Safari), and a coarse place from the address, since no geo database ships offline.
 */
import net from 'node:net';
import type { SessionRecord } from '../../../domain/types.ts';

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
  [/node|undici/i, 'Script'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

export function describeDevice(ua: string): string {
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? 'Unknown device';
}

export function placeOf(ip: string): SessionRecord['place'] {
  const addr = ip.replace(/^::ffff:/, '');
  if (addr === '::1' || addr.startsWith('127.')) return 'local';
  if (net.isIPv4(addr)) {
    const [a, b] = addr.split('.').map(Number);
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)) return 'private';
    return 'internet';
  }
  if (/^f[cd]/i.test(addr) || /^fe80:/i.test(addr)) return 'private';
  return 'internet';
}
