// The shared form validator against its case table (what the web renderer runs before submitting).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldProblems, formErrors, lookupsOf, problemText, type ValidateOptions } from '../src/index.ts';
import { formCases } from './form-cases.ts';

const ids = { user: '1123598821738675202', dept: '1123598813738675203', otherUser: '1123598821738675301' };
const opts: ValidateOptions = { dictValues: (code) => (code === 'sex' ? new Set(['1', '2', '3']) : undefined), users: new Set([ids.user]), depts: new Set([ids.dept]) };
const cases = formCases(ids);

test('every rule kind: the good value passes, each bad one gives its message in zh and en', () => {
  for (const c of cases) {
    assert.deepEqual(fieldProblems(c.column, c.good, opts), [], `${c.column.prop} good`);
    for (const [value, zh, en] of c.bad) {
      const [p, ...rest] = fieldProblems(c.column, value, opts);
      assert.ok(p, `${c.column.prop} ${JSON.stringify(value)} refused`);
      assert.equal(rest.length, 0, `${c.column.prop} ${JSON.stringify(value)}: one problem`);
      assert.equal(problemText(p, 'zh'), zh);
      assert.equal(problemText(p, 'en'), en);
    }
  }
});

test('a whole form: problems of several fields, each once; read-only, hidden and unwritable fields are not required; partial skips required', () => {
  const option = { column: cases.map((c) => c.column) };
  const good = Object.fromEntries(cases.map((c) => [c.column.prop, c.good]));
  assert.deepEqual(formErrors(option, good, 'zh', opts), []);
  assert.deepEqual(formErrors(option, { ...good, reason: '', days: 'x' }, 'en', opts), ['事由 is required', '天数 must be a number']);
  assert.deepEqual(formErrors(option, {}, 'zh', { ...opts, partial: true }), []);
  const hidden = { column: [{ prop: 'a', label: 'A', required: true, readable: false }, { prop: 'b', label: 'B', required: true, disabled: true }, { prop: 'c', label: 'C', required: true }] };
  assert.deepEqual(formErrors(hidden, {}, 'zh'), ['C不能为空']);
  assert.deepEqual(formErrors(hidden, {}, 'zh', { writable: (c) => c.prop !== 'c' }), []);
  // a required rule's own message; the main pattern and a rule's pattern counted once
  assert.deepEqual(formErrors({ column: [{ prop: 'x', label: 'X', rules: [{ required: true, message: '请填写 X' }] }] }, {}, 'en'), ['请填写 X']);
  // a dictionary not looked up is not checked; a pattern the engine cannot run checks nothing
  assert.deepEqual(fieldProblems({ prop: 's', type: 'select', dicCode: 'unknown' }, 'zzz', opts), []);
  assert.deepEqual(fieldProblems({ prop: 's', pattern: '(' }, 'zzz', opts), []);
});

test('lookups: the dictionaries a form uses and the ids its people and department fields name, sub-form rows included', () => {
  const option = { column: [
    { prop: 'u', type: 'user' }, { prop: 'd', type: 'dept' }, { prop: 's', type: 'select', dicCode: 'sex' },
    { prop: 'rows', type: 'dynamic', children: { column: [{ prop: 'who', type: 'user' }] } },
  ] };
  const l = lookupsOf(option, { u: '1,2', d: ['3'], rows: [{ who: '4' }, { who: 'x' }] });
  assert.deepEqual([...l.users].sort(), ['1', '2', '4']);
  assert.deepEqual([...l.depts], ['3']);
  assert.deepEqual([...l.dicts], ['sex']);
});
