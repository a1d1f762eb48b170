/**
 * File sizes as the product shows them (platform.md section 9: "File sizes are shown in B, KB, MB,
 * GB"): 1024-based, at most two decimals with trailing zeros dropped, GB the largest unit.
 */
export const FILE_SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;
export type FileSizeUnit = (typeof FILE_SIZE_UNITS)[number];

/**
 * '0 B', '1023 B', '1 KB', '1.5 MB', '2.25 GB', '2048 GB'. Bytes are whole numbers (rounded).
 * A value that rounds up to 1024 of a unit moves to the next unit (1048575 B is '1 MB', not
 * '1024 KB'). Numeric strings (as some gateways send sizes) are accepted; anything that is not a
 * finite non-negative number gives ''.
 */
export function formatFileSize(bytes: number | string | null | undefined): string {
  if (bytes === null || bytes === undefined || bytes === '') return '';
  const value = typeof bytes === 'number' ? bytes : Number(bytes);
  if (!Number.isFinite(value) || value < 0) return '';
  let size = value;
  let unit = 0;
  while (unit < FILE_SIZE_UNITS.length - 1 && size >= 1024) {
    size /= 1024;
    unit++;
  }
  let rounded = unit === 0 ? Math.round(size) : Math.round(size * 100) / 100;
  if (rounded >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    rounded = 1;
    unit++;
  }
  return `${rounded} ${FILE_SIZE_UNITS[unit]}`;
}
