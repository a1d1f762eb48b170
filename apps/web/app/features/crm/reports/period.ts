/** A report's period in its URL: two days of China time; the last 30 days when missing or malformed. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const chinaDay = (d: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(d);

/** The report's period from the URL's `from` and `to`, by default the last 30 days, today (China time) included. */
export function readPeriod(filters: { from?: string | undefined; to?: string | undefined }): {
  from: string;
  to: string;
} {
  const now = Date.now();
  return {
    from: filters.from && DAY.test(filters.from) ? filters.from : chinaDay(new Date(now - 29 * 86_400_000)),
    to: filters.to && DAY.test(filters.to) ? filters.to : chinaDay(new Date(now)),
  };
}
