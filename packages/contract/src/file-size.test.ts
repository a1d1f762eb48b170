import { describe, expect, it } from 'vitest';
import { FILE_SIZE_UNITS, formatFileSize } from './file-size.ts';

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1025, '1 KB'],
    [1034, '1.01 KB'],
    [1048575, '1 MB'],
    [MB, '1 MB'],
    [1.5 * MB, '1.5 MB'],
    [10.256 * MB, '10.26 MB'],
    [500 * KB, '500 KB'],
    [GB - 1, '1 GB'],
    [GB, '1 GB'],
    [2.25 * GB, '2.25 GB'],
    [2048 * GB, '2048 GB'],
    [0.4, '0 B'],
    [1023.6, '1 KB'],
  ])('%d bytes is %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it('accepts numeric strings', () => {
    expect(formatFileSize('2048')).toBe('2 KB');
    expect(formatFileSize(' 1536 ')).toBe('1.5 KB');
  });

  it.each([null, undefined, '', 'abc', -1, Number.NaN, Number.POSITIVE_INFINITY])(
    'gives an empty string for %s',
    (v) => {
      expect(formatFileSize(v)).toBe('');
    },
  );

  it('uses exactly the spec units', () => {
    expect(FILE_SIZE_UNITS).toEqual(['B', 'KB', 'MB', 'GB']);
  });
});
