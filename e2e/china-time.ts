/** `YYYY-MM-DD HH:mm` of an instant in China time, as the pages show it. */
export const chinaMinute = (d: Date) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);

/** `YYYY-MM-DD` of an instant in China time. */
export const chinaDay = (d: Date) => chinaMinute(d).slice(0, 10);
