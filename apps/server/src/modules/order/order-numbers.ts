import { randomInt } from 'node:crypto';

/** The China-time stamp yyyyMMddHHmmss of a moment. */
function chinaStamp(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
}

/**
 * An order or trade number (decision 057): the China time to the second, then random digits; 24
 * characters, within UnionPay's 8 to 40 letters and digits, and starting with the time UnionPay's
 * query needs.
 */
export function newNumber(at = new Date()): string {
  let tail = '';
  for (let i = 0; i < 10; i++) tail += String(randomInt(10));
  return chinaStamp(at) + tail;
}
