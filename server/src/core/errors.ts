import { t, type Message, type MessageKey } from './messages.ts';

/**
 * A refusal the client should see: HTTP status = code, msg in the caller's language from the
 * shared catalogue (a key) or a module's own [zh, en] pair.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey | Message,
    readonly params: Record<string, string | number> = {},
    /** a message already written for the user (overrides key) */
    readonly text?: string,
  ) {
    // the English text with its parameters, for logs and for callers that wrap it (the answer is rendered per language)
    super(text ?? t(key, 'en', params));
  }
}

export const badRequest = (key: MessageKey | Message = 'businessError', params?: Record<string, string | number>) => new ApiError(400, key, params);
export const unauthorized = (key: MessageKey = 'unauthorized') => new ApiError(401, key);
export const forbidden = () => new ApiError(403, 'forbidden');
/** R.fail: code 400 with a message written by the caller (e.g. a configured text). */
export const failText = (text: string) => new ApiError(400, 'businessError', {}, text);
