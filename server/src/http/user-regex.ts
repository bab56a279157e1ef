// Regular expressions written by users (form designers' field patterns, reusable rules) run in
// RE2 (the re2js port): matching time is linear in the input, so no pattern can stall the event
// loop the way `^(a+)+$` does in a backtracking engine. RE2 has no backreferences and no
// lookaround; such patterns are refused when they are saved (`userPatternProblem`) and check
// nothing when an older saved form still holds one.
import { RE2JS } from 're2js';
import type { Message } from './messages.ts';

export const PATTERN_MSG = {
  unsafe: ['正则表达式“{pattern}”不受支持：{detail}（不支持反向引用和前后断言）', 'The regular expression "{pattern}" is not supported: {detail} (backreferences and lookaround are not available)'],
} satisfies Record<string, Message>;

/**
 * JavaScript spellings RE2 does not read, rewritten: `\uXXXX` becomes `\x{XXXX}` (common in
 * Chinese patterns such as `^[\u4e00-\u9fa5]+$`). Everything else is passed as written.
 */
function toRe2(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c !== '\\' || i + 1 >= pattern.length) { out += c; continue; }
    const next = pattern[i + 1];
    const hex = /^[0-9a-fA-F]{4}$/.exec(pattern.slice(i + 2, i + 6));
    if (next === 'u' && hex) {
      out += `\\x{${hex[0]}}`;
      i += 5;
    } else if (next === 'u' && pattern[i + 2] === '{') {
      const end = pattern.indexOf('}', i + 3);
      const code = end > 0 ? pattern.slice(i + 3, end) : '';
      if (/^[0-9a-fA-F]{1,6}$/.test(code)) {
        out += `\\x{${code}}`;
        i = end;
      } else {
        out += c + next;
        i += 1;
      }
    } else {
      out += c + next;
      i += 1;
    }
  }
  return out;
}

const cache = new Map<string, RE2JS | Error>();

function compile(pattern: string): RE2JS | Error {
  const hit = cache.get(pattern);
  if (hit) return hit;
  let out: RE2JS | Error;
  try {
    out = RE2JS.compile(toRe2(pattern));
  } catch (e) {
    out = e instanceof Error ? e : new Error(String(e));
  }
  if (cache.size >= 1000) cache.clear(); // patterns come from designs: a bound is all the cache needs
  cache.set(pattern, out);
  return out;
}

/** Why a pattern cannot be used (RE2's parse error), or null when it can. */
export function userPatternProblem(pattern: string): string | null {
  const r = compile(pattern);
  return r instanceof Error ? r.message.replace(/^error parsing regexp:\s*/, '') : null;
}

/**
 * Whether the text contains a match of the pattern (JavaScript's `RegExp.test` without flags),
 * in linear time; null when the pattern cannot be compiled.
 */
export function userPatternTest(pattern: string, text: string): boolean | null {
  const r = compile(pattern);
  return r instanceof Error ? null : r.test(text);
}
