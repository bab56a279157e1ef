import assert from 'node:assert/strict';
import { test } from 'node:test';
import { evaluate, evaluateCondition, recordResolver } from './expression.ts';

const v = recordResolver({ a: 3, b: 4, s: 'x', t: 'true', list: [1, 2], obj: { n: { m: 7 } }, nul: null, approved: true, nrOfCompletedInstances: 3, nrOfInstances: 5 });
const e = (x: string) => evaluate(x, v);

test('literals, arithmetic and precedence', () => {
  assert.equal(e('${1 + 2 * 3}'), 7);
  assert.equal(e('${(1 + 2) * 3}'), 9);
  assert.equal(e('${10 % 4}'), 2);
  assert.equal(e('${-a + b}'), 1);
  assert.equal(e('${nrOfCompletedInstances/nrOfInstances >= 0.6 }'), true);
  assert.equal(e("${'it''s'}".replace("''", "\\'")), "it's");
});

test('comparison and logic in symbols and words', () => {
  for (const c of ['${a < b}', '${a lt b}', '${b gt a}', '${a le 3}', '${b ge 4}', '${a == 3 && b == 4}', '${a eq 3 and b ne 5}', '${a == 1 || b == 4}', '${not (a == 1)}', '${!approved == false}']) {
    assert.equal(evaluateCondition(c, v), true, c);
  }
  assert.equal(evaluateCondition('${a > b or false}', v), false);
});

test('JUEL coercion: boolean and text compare, empty, ternary, property access', () => {
  assert.equal(e("${t == true}"), true);
  assert.equal(e("${approved == 'true'}"), true);
  assert.equal(e("${a == '3'}"), true);
  assert.equal(e('${empty nul}'), true);
  assert.equal(e('${empty list}'), false);
  assert.equal(e('${not empty s}'), true);
  assert.equal(e("${a > 2 ? 'big' : 'small'}"), 'big');
  assert.equal(e('${obj.n.m}'), 7);
  assert.equal(e("${obj['n']['m']}"), 7);
  assert.equal(e('${list[1]}'), 2);
  assert.equal(e('My Task ${a}'), 'My Task 3');
  assert.equal(e('plain'), 'plain');
});

test('no code runs: calls and prototype walks are refused, unknown variables fail', () => {
  assert.throws(() => e('${s.toString()}'), /not allowed/);
  assert.throws(() => e('${dateTime().plusWeeks(1)}'), /not allowed/);
  assert.equal(e("${obj['constructor']}"), null);
  assert.equal(e('${obj.__proto__}'), null);
  assert.throws(() => e('${missing == 1}'), /Unknown property/);
  assert.throws(() => e('${1 +}'), /unexpected/);
});
