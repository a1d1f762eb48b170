import { describe, expect, it } from 'vitest';
import { maskIdCard, maskPhone } from './mask.ts';

describe('masks', () => {
  it('shows a phone as its first 3 and last 4 digits', () => {
    expect(maskPhone('13800000001')).toBe('138****0001');
    expect(maskPhone('12345')).toBe('****');
  });
  it('shows an ID number as its first 6 and last 4 characters', () => {
    expect(maskIdCard('11010519491231002X')).toBe('110105********002X');
    expect(maskIdCard('110105491231002')).toBe('110105*****1002');
    expect(maskIdCard('123')).toBe('****');
  });
});
