import dayjs from 'dayjs';
import { RequestError } from '../api/request';
import { useLogs } from './store';

function text(value: unknown): string {
  if (value instanceof Error) return value.message;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** Queues one client error entry (type error, url, message, stack, time, info). */
export function collectError(error: unknown, info = ''): void {
  // Business errors were already shown by the request function; they are not client faults.
  if (error instanceof RequestError) return;
  useLogs.getState().add({
    type: 'error',
    url: window.location.href,
    message: text(error) || 'Error',
    stack: error instanceof Error ? (error.stack ?? '') : '',
    time: dayjs().format('YYYY-MM-DD HH:mm:ss'),
    info,
  });
}

let installed = false;
export function installLogCollector(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('error', (event) => {
    // Resource load failures have no error object; keep those too, with the target.
    const target = event.target as HTMLElement | null;
    if (!event.error && target && target !== (window as unknown as HTMLElement) && 'src' in target) {
      collectError(`Failed to load ${(target as HTMLImageElement).src}`, 'resource');
      return;
    }
    collectError(event.error ?? event.message, `${event.filename ?? ''}:${event.lineno ?? ''}:${event.colno ?? ''}`);
  });
  window.addEventListener('unhandledrejection', (event) => collectError(event.reason, 'unhandledrejection'));
}
