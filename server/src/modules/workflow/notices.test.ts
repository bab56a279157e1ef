// The workflow notices' catalogue: every entry has a title and a content in both languages, with
// the same {placeholders}; the English texts hold no Chinese of their own (only what a parameter
// brings), the Chinese ones do; every end status the engine reports has its own notice.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { endedKey, NOTICES } from './notices.ts';

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('every notice has zh and en texts with the same placeholders; en without Chinese, zh with it', () => {
  for (const [key, entry] of Object.entries(NOTICES)) {
    for (const part of ['title', 'content'] as const) {
      const [zh, en] = entry[part];
      assert.ok(zh.trim() && en.trim(), `${key}.${part}: both languages`);
      assert.deepEqual(placeholders(en), placeholders(zh), `${key}.${part}: the same placeholders`);
      assert.ok(!CJK.test(en), `${key}.${part}: English without Chinese: ${en}`);
      // a text that is only a placeholder (the designer's own supervision text) is neither
      if (zh.replace(/\{\w+\}/g, '').trim()) assert.ok(CJK.test(zh), `${key}.${part}: Chinese: ${zh}`);
    }
  }
});

test('each end status has its own notice; an unknown one the general one', () => {
  for (const status of ['finished', 'terminated', 'reject', 'withdraw', 'recall', 'deleted']) assert.equal(endedKey(status), `wf.ended.${status}`);
  assert.equal(endedKey('something'), 'wf.ended');
  assert.equal(endedKey('constructor'), 'wf.ended');
});
