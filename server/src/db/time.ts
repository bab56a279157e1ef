import { sql, type RawBuilder } from 'kysely';

/**
 * A Date as a timestamp operand of a typed query (the driver sends it as it always has; the
 * compiler wants the column's read type, a string).
 */
export const timeParam = (d: Date): RawBuilder<string> => sql<string>`${d}`;

const pad = (n: number) => String(n).padStart(2, '0');

/** The contract's time format: yyyy-MM-dd HH:mm:ss in the server's local time. */
export function formatDateTime(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
