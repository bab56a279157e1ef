// The process designer's translate module (issue 13, "bpmn-js translated both ways"): every text
// bpmn-js and diagram-js hand to their `translate` service — read from the installed sources, so an
// upgrade that adds one fails here — has a Chinese entry in bpmn-zh.json, written in Chinese; no
// entry is left that the sources no longer use; in English the template comes back unchanged; the
// properties panel has a type name (wfd.type.*) for every element those menus make, in both languages.
// Plain node: no server, no browser (web/e2e/bpmn-i18n.test.ts checks the drawn designer).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { translateBpmn, translateModule } from '../src/components/workflow/designer/translate.ts';

const require = createRequire(import.meta.url);
const root = (pkg: string) => dirname(require.resolve(`${pkg}/package.json`));
const zh = JSON.parse(readFileSync(new URL('../src/components/workflow/designer/bpmn-zh.json', import.meta.url), 'utf8')) as Record<string, string>;

const sources = (dir: string): string[] =>
  (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.js') && !f.includes('node_modules'))
    .map((f) => join(dir, f));

// comments hold examples (translate('HELLO {you}')) that nobody shows
const code = (file: string) => readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** Every English text the modeler may pass to translate(). */
export function bpmnTexts(): Set<string> {
  const out = new Set<string>();
  for (const file of [...sources(join(root('bpmn-js'), 'lib')), ...sources(join(root('diagram-js'), 'lib'))]) {
    const s = code(file);
    // translate('…') and this._translate('…') with a literal
    for (const m of s.matchAll(/(?<![\w$'"])(?:\w+\.)?_?translate\(\s*'([^']+)'\s*[,)]/g)) out.add(m[1]!);
    // the replace menu translates its entries' labels (PopupEntries, ReplaceOptions): label: '…'
    if (/popup-menu[/\\]PopupEntries\.js$|replace[/\\]ReplaceOptions\.js$/.test(file)) {
      for (const m of s.matchAll(/label:\s*'([^']+)'/g)) out.add(m[1]!);
      // label getters: var label = '…'; label += '…';
      for (const m of s.matchAll(/var label = '([^']+)';[\s\S]*?label \+= '([^']+)'/g)) { out.add(m[1]!); out.add(m[1]! + m[2]!); }
    }
    // translate('Align elements ' + alignment) for each ALIGNMENT_OPTIONS entry
    const concat = [...s.matchAll(/translate\(\s*'([^']+)'\s*\+\s*(\w+)\s*\)/g)];
    for (const m of concat) {
      const list = s.match(/var ALIGNMENT_OPTIONS = \[([^\]]+)\]/);
      assert.ok(m[2] === 'alignment' && list, `${file}: translate('${m[1]}' + ${m[2]}) — a concatenation this test does not know`);
      for (const v of list[1]!.matchAll(/'([^']+)'/g)) out.add(m[1]! + v[1]);
    }
    // the popup menu's own search count: `${n} ${n === 1 ? 'result' : 'results'} found` (translate.ts PopupSearchCount)
    if (/popup-menu[/\\]PopupMenuComponent\.js$/.test(file)) {
      assert.match(s, /'result' : 'results' \} found/, `${file}: the search count's text changed; update translate.ts PopupSearchCount`);
      out.add('1 result found');
      out.add('{count} results found');
    }
    // messages kept in constants: var X_ERR_MSG = '…'; … translate(X_ERR_MSG)
    for (const m of s.matchAll(/var (\w+) = '([^']+)';/g)) if (new RegExp(`translate\\(\\s*${m[1]}\\s*\\)`).test(s)) out.add(m[2]!);
  }
  return out;
}

const texts = bpmnTexts();

test('the sources were read: palette, context pad and replace menu texts are among them', () => {
  for (const t of ['Create task', 'Append gateway', 'Change element', 'User task', 'Exclusive gateway', 'Align elements left', 'Empty pool/participant (removes content)', 'flow elements must be children of pools/participants']) {
    assert.ok(texts.has(t), t);
  }
  assert.ok(texts.size > 100, `${texts.size} texts`);
});

test('every text bpmn-js asks to translate has a Chinese entry', () => {
  const missing = [...texts].filter((t) => !zh[t]).sort();
  assert.deepEqual(missing, [], `add to web/src/components/workflow/designer/bpmn-zh.json:\n${missing.join('\n')}`);
});

test('the dictionary holds no entry the sources no longer use', () => {
  const stale = Object.keys(zh).filter((k) => !texts.has(k)).sort();
  assert.deepEqual(stale, []);
});

test('every Chinese entry is Chinese: CJK text, no English word left, the same {placeholders}', () => {
  const bad = Object.entries(zh).filter(([en, text]) => {
    const bare = text.replace(/\{\w+\}/g, '');
    const ph = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort().join();
    return !/[\u4e00-\u9fff]/.test(bare) || /[A-Za-z]/.test(bare) || ph(en) !== ph(text);
  });
  assert.deepEqual(bad, []);
});

test('the properties panel names every element type the palette, context pad and replace menu make, in both languages', () => {
  const files = ['popup-menu/PopupEntries.js', 'replace/ReplaceOptions.js', 'palette/PaletteProvider.js', 'context-pad/ContextPadProvider.js'];
  const types = new Set<string>(['Process', 'Collaboration', 'SequenceFlow', 'MessageFlow', 'Association', 'DataInputAssociation', 'DataOutputAssociation']);
  for (const f of files) {
    for (const m of code(join(root('bpmn-js'), 'lib/features', f)).matchAll(/'bpmn:(\w+)'/g)) {
      // event definitions and the abstract types rules test against are no element of their own
      if (!/EventDefinition$|^(FlowNode|InteractionNode)$/.test(m[1]!)) types.add(m[1]!);
    }
  }
  assert.ok(types.has('UserTask') && types.has('Group') && types.has('Lane'), [...types].join());
  for (const lang of ['zh', 'en']) {
    const labels = JSON.parse(readFileSync(new URL(`../src/i18n/areas/workflowDesign.${lang}.json`, import.meta.url), 'utf8')) as { wfd: { type: Record<string, string> } };
    const missing = [...types].filter((t) => !labels.wfd.type[t]).sort();
    assert.deepEqual(missing, [], `wfd.type labels missing in workflowDesign.${lang}.json (PropertiesPanel shows the element's type)`);
  }
});

test('translate: English gives the template back, Chinese the entry, with the replacements in either', () => {
  for (const t of texts) assert.equal(translateBpmn('en', t), t);
  assert.equal(translateBpmn('zh', 'Create task'), '创建任务');
  assert.equal(translateBpmn('en', 'Open {element}', { element: 'Review' }), 'Open Review');
  assert.equal(translateBpmn('zh', 'Open {element}', { element: '审核' }), '打开 审核');
  assert.equal(translateBpmn('zh', 'not in the dictionary {x}', {}), 'not in the dictionary {x}');
  // the module reads the language at each call, so a switch needs no new modeler
  let lang = 'zh';
  const module = translateModule(() => lang);
  assert.deepEqual(module.__init__, ['paletteTitles', 'popupSearchCount']);
  const [kind, fn] = module.translate;
  assert.equal(kind, 'value');
  assert.equal(fn('Append task'), '追加任务');
  lang = 'en';
  assert.equal(fn('Append task'), 'Append task');
});
