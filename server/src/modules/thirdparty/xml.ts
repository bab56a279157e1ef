// A small XML reader for service answers (backDataType xml): elements become object keys, repeated
// elements arrays, text content strings; attributes are kept under "@name". No DTDs or entities
// beyond the five predefined ones (so no entity expansion attacks).
type Node = { [k: string]: unknown };

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const decode = (s: string) => s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) =>
  e[0] === '#' ? String.fromCodePoint(e[1].toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)) : (ENTITIES[e] ?? m));

export function parseXml(xml: string): Node {
  const src = xml.replace(/^\uFEFF/, '').replace(/<\?[\s\S]*?\?>/g, '').replace(/<!--[\s\S]*?-->/g, '').replace(/<!DOCTYPE[^>]*>/gi, '');
  let i = 0;
  const root: Node = {};
  const stack: { name: string; node: Node; text: string; hasChild: boolean }[] = [{ name: '', node: root, text: '', hasChild: true }];
  const add = (parent: Node, name: string, value: unknown) => {
    if (name in parent) {
      const cur = parent[name];
      parent[name] = Array.isArray(cur) ? [...cur, value] : [cur, value];
    } else parent[name] = value;
  };
  while (i < src.length) {
    const lt = src.indexOf('<', i);
    if (lt < 0) {
      stack[stack.length - 1].text += src.slice(i);
      break;
    }
    stack[stack.length - 1].text += src.slice(i, lt);
    if (src.startsWith('<![CDATA[', lt)) {
      const end = src.indexOf(']]>', lt);
      if (end < 0) throw new Error('unterminated CDATA');
      stack[stack.length - 1].text += '\u0000' + src.slice(lt + 9, end); // marked: not decoded
      i = end + 3;
      continue;
    }
    const gt = src.indexOf('>', lt);
    if (gt < 0) throw new Error('unterminated tag');
    const tag = src.slice(lt + 1, gt).trim();
    i = gt + 1;
    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim();
      const top = stack.pop();
      if (!top || top.name !== name || !stack.length) throw new Error(`mismatched </${name}>`);
      const parent = stack[stack.length - 1];
      const textValue = top.text.split('\u0000').map((p, k) => (k === 0 ? decode(p) : p)).join('').trim();
      const value = top.hasChild || Object.keys(top.node).length ? (textValue ? { ...top.node, '#text': textValue } : top.node) : textValue;
      add(parent.node, name, value);
      parent.hasChild = true;
      continue;
    }
    const selfClosing = tag.endsWith('/');
    const inner = selfClosing ? tag.slice(0, -1).trim() : tag;
    const m = /^([^\s/>]+)([\s\S]*)$/.exec(inner);
    if (!m) throw new Error('bad tag');
    const node: Node = {};
    for (const a of m[2].matchAll(/([^\s=]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) node['@' + a[1]] = decode(a[3] ?? a[4] ?? '');
    if (selfClosing) {
      const parent = stack[stack.length - 1];
      add(parent.node, m[1], Object.keys(node).length ? node : '');
      parent.hasChild = true;
    } else stack.push({ name: m[1], node, text: '', hasChild: false });
  }
  if (stack.length !== 1) throw new Error('unclosed element');
  if (!Object.keys(root).length) throw new Error('no element');
  // the document element's content is the answer (like most XML-to-map readers)
  const [only] = Object.values(root);
  return only && typeof only === 'object' && !Array.isArray(only) ? (only as Node) : root;
}
