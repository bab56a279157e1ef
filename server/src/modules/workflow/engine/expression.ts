// A safe evaluator for the JUEL subset BPMN models use in `${...}` / `#{...}`: literals, variables,
// property and index access, arithmetic, comparison, logic (symbolic and word forms), `empty`, the
// ternary. There are no method calls and nothing reaches JavaScript's eval: a diagram written by a
// user must never run code on the server.

export type Value = unknown;
/** Looks a variable up; `found: false` when it does not exist (JUEL then fails, as Flowable does). */
export type Resolver = (name: string) => { found: boolean; value?: Value };

export class ExpressionError extends Error {}

type Node =
  | { k: 'lit'; v: Value }
  | { k: 'var'; name: string }
  | { k: 'prop'; obj: Node; key: Node }
  | { k: 'un'; op: string; a: Node }
  | { k: 'bin'; op: string; a: Node; b: Node }
  | { k: 'tern'; c: Node; a: Node; b: Node };

interface Tok { t: 'num' | 'str' | 'id' | 'op' | 'end'; v: string; pos: number }

const WORD_OPS: Record<string, string> = {
  and: '&&', or: '||', not: '!', eq: '==', ne: '!=', lt: '<', gt: '>', le: '<=', ge: '>=', div: '/', mod: '%',
};
const SYMBOLS = ['===', '!==', '==', '!=', '<=', '>=', '&&', '||', '<', '>', '+', '-', '*', '/', '%', '!', '?', ':', '.', '[', ']', '(', ')', ','];

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) { i++; continue; }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      const m = /^(\d*\.?\d+(?:[eE][+-]?\d+)?|\d+\.)/.exec(src.slice(i))!;
      out.push({ t: 'num', v: m[0], pos: i });
      i += m[0].length;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1, s = '';
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\' && j + 1 < src.length) { j++; s += src[j] === 'n' ? '\n' : src[j] === 't' ? '\t' : src[j]; } else s += src[j];
        j++;
      }
      if (j >= src.length) throw new ExpressionError(`unterminated string at ${i}`);
      out.push({ t: 'str', v: s, pos: i });
      i = j + 1;
      continue;
    }
    if (/[A-Za-z_$\u4e00-\u9fa5]/.test(c)) {
      const m = /^[A-Za-z_$\u4e00-\u9fa5][\w$\u4e00-\u9fa5]*/.exec(src.slice(i))!;
      out.push({ t: 'id', v: m[0], pos: i });
      i += m[0].length;
      continue;
    }
    const sym = SYMBOLS.find((s) => src.startsWith(s, i));
    if (!sym) throw new ExpressionError(`unexpected character '${c}' at ${i}`);
    out.push({ t: 'op', v: sym === '===' ? '==' : sym === '!==' ? '!=' : sym, pos: i });
    i += sym.length;
  }
  out.push({ t: 'end', v: '', pos: src.length });
  return out;
}

const BIN_PREC: Record<string, number> = {
  '||': 1, '&&': 2, '==': 3, '!=': 3, '<': 4, '>': 4, '<=': 4, '>=': 4, '+': 5, '-': 5, '*': 6, '/': 6, '%': 6,
};

class Parser {
  private i = 0;
  constructor(private toks: Tok[]) {}
  private peek(): Tok { return this.toks[this.i]!; }
  private next(): Tok { return this.toks[this.i++]!; }
  private opOf(t: Tok): string | undefined {
    if (t.t === 'op') return t.v;
    if (t.t === 'id' && WORD_OPS[t.v]) return WORD_OPS[t.v];
    return undefined;
  }
  private expect(v: string): void {
    const t = this.next();
    if (t.t !== 'op' || t.v !== v) throw new ExpressionError(`expected '${v}' at ${t.pos}`);
  }
  parse(): Node {
    const n = this.ternary();
    if (this.peek().t !== 'end') throw new ExpressionError(`unexpected '${this.peek().v}' at ${this.peek().pos}`);
    return n;
  }
  private ternary(): Node {
    const c = this.binary(1);
    if (this.opOf(this.peek()) === '?') {
      this.next();
      const a = this.ternary();
      this.expect(':');
      const b = this.ternary();
      return { k: 'tern', c, a, b };
    }
    return c;
  }
  private binary(min: number): Node {
    let left = this.unary();
    for (;;) {
      const op = this.opOf(this.peek());
      const prec = op ? BIN_PREC[op] : undefined;
      if (!op || prec === undefined || prec < min) return left;
      this.next();
      const right = this.binary(prec + 1);
      left = { k: 'bin', op, a: left, b: right };
    }
  }
  private unary(): Node {
    const t = this.peek();
    const op = this.opOf(t);
    if (op === '!' || op === '-') { this.next(); return { k: 'un', op, a: this.unary() }; }
    if (t.t === 'id' && t.v === 'empty') { this.next(); return { k: 'un', op: 'empty', a: this.unary() }; }
    return this.postfix(this.primary());
  }
  private postfix(n: Node): Node {
    for (;;) {
      const t = this.peek();
      if (t.t === 'op' && t.v === '.') {
        this.next();
        const id = this.next();
        if (id.t !== 'id') throw new ExpressionError(`property name expected at ${id.pos}`);
        if (this.peek().t === 'op' && this.peek().v === '(') throw new ExpressionError(`method calls are not allowed (${id.v})`);
        n = { k: 'prop', obj: n, key: { k: 'lit', v: id.v } };
      } else if (t.t === 'op' && t.v === '[') {
        this.next();
        const key = this.ternary();
        this.expect(']');
        n = { k: 'prop', obj: n, key };
      } else if (t.t === 'op' && t.v === '(') {
        throw new ExpressionError(`function calls are not allowed at ${t.pos}`);
      } else return n;
    }
  }
  private primary(): Node {
    const t = this.next();
    if (t.t === 'num') return { k: 'lit', v: Number(t.v) };
    if (t.t === 'str') return { k: 'lit', v: t.v };
    if (t.t === 'op' && t.v === '(') { const n = this.ternary(); this.expect(')'); return n; }
    if (t.t === 'id') {
      if (t.v === 'true') return { k: 'lit', v: true };
      if (t.v === 'false') return { k: 'lit', v: false };
      if (t.v === 'null') return { k: 'lit', v: null };
      if (WORD_OPS[t.v]) throw new ExpressionError(`unexpected operator '${t.v}' at ${t.pos}`);
      return { k: 'var', name: t.v };
    }
    throw new ExpressionError(`unexpected '${t.v || 'end of expression'}' at ${t.pos}`);
  }
}

const cache = new Map<string, Node>();
function compile(src: string): Node {
  let n = cache.get(src);
  if (!n) {
    n = new Parser(tokenize(src)).parse();
    if (cache.size > 5000) cache.clear();
    cache.set(src, n);
  }
  return n;
}

function isEmpty(v: Value): boolean {
  if (v === null || v === undefined || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.keys(v as object).length === 0;
  return false;
}
function toNumber(v: Value): number {
  if (v === null || v === undefined || v === '') return 0;
  if (typeof v === 'boolean') throw new ExpressionError('cannot use a boolean as a number');
  const n = Number(v);
  if (Number.isNaN(n)) throw new ExpressionError(`cannot coerce '${String(v)}' to a number`);
  return n;
}
function toBool(v: Value): boolean {
  if (typeof v === 'boolean') return v;
  if (v === null || v === undefined || v === '') return false;
  if (typeof v === 'string') return v.toLowerCase() === 'true';
  throw new ExpressionError(`cannot coerce '${String(v)}' to a boolean`);
}
// JUEL's equality: booleans and numbers coerce the other side; otherwise strings compare as text.
function equals(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === 'boolean' || typeof b === 'boolean') return toBool(a) === toBool(b);
  if (typeof a === 'number' || typeof b === 'number') {
    const x = Number(a), y = Number(b);
    return !Number.isNaN(x) && !Number.isNaN(y) && x === y;
  }
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return String(a) === String(b);
}
function compare(a: Value, b: Value): number {
  if (typeof a === 'string' && typeof b === 'string' && (Number.isNaN(Number(a)) || Number.isNaN(Number(b)))) return a < b ? -1 : a > b ? 1 : 0;
  return toNumber(a) - toNumber(b);
}

function evalNode(n: Node, r: Resolver): Value {
  switch (n.k) {
    case 'lit': return n.v;
    case 'var': {
      const got = r(n.name);
      if (!got.found) throw new ExpressionError(`Unknown property used in expression: ${n.name}`);
      return got.value;
    }
    case 'prop': {
      const obj = evalNode(n.obj, r);
      const key = evalNode(n.key, r);
      if (obj === null || obj === undefined) return null;
      if (Array.isArray(obj) && (key === 'size' || key === 'length')) return obj.length;
      if (typeof obj === 'string' && key === 'length') return obj.length;
      if (typeof obj !== 'object') return null;
      const k = String(key);
      // own properties only: no walking into prototypes (constructor, __proto__ ...)
      return Object.hasOwn(obj as object, k) ? (obj as Record<string, Value>)[k] : null;
    }
    case 'un': {
      const a = evalNode(n.a, r);
      if (n.op === '!') return !toBool(a);
      if (n.op === '-') return -toNumber(a);
      return isEmpty(a);
    }
    case 'tern': return toBool(evalNode(n.c, r)) ? evalNode(n.a, r) : evalNode(n.b, r);
    case 'bin': {
      if (n.op === '&&') return toBool(evalNode(n.a, r)) && toBool(evalNode(n.b, r));
      if (n.op === '||') return toBool(evalNode(n.a, r)) || toBool(evalNode(n.b, r));
      const a = evalNode(n.a, r), b = evalNode(n.b, r);
      switch (n.op) {
        case '==': return equals(a, b);
        case '!=': return !equals(a, b);
        case '<': return compare(a, b) < 0;
        case '>': return compare(a, b) > 0;
        case '<=': return compare(a, b) <= 0;
        case '>=': return compare(a, b) >= 0;
        case '+':
          // JUEL's + is numeric; strings that are not numbers concatenate (what designers expect)
          if ((typeof a === 'string' && Number.isNaN(Number(a))) || (typeof b === 'string' && Number.isNaN(Number(b)))) return String(a ?? '') + String(b ?? '');
          return toNumber(a) + toNumber(b);
        case '-': return toNumber(a) - toNumber(b);
        case '*': return toNumber(a) * toNumber(b);
        case '/': {
          const d = toNumber(b);
          if (d === 0) throw new ExpressionError('division by zero');
          return toNumber(a) / d;
        }
        case '%': {
          const d = toNumber(b);
          if (d === 0) throw new ExpressionError('division by zero');
          return toNumber(a) % d;
        }
      }
      throw new ExpressionError(`unknown operator ${n.op}`);
    }
  }
}

const WHOLE = /^\s*[$#]\{([\s\S]*)\}\s*$/;

/** True when the text holds an expression (`${...}` or `#{...}`). */
export function isExpression(text: string): boolean {
  return /[$#]\{/.test(text);
}

/**
 * Evaluates a value text: a whole `${expr}` returns the value itself (a number stays a number);
 * text with embedded expressions is a template and returns a string; plain text returns itself.
 */
export function evaluate(text: string, resolve: Resolver): Value {
  const whole = WHOLE.exec(text);
  if (whole && !/\}[\s\S]*[$#]\{/.test(text)) return evalNode(compile(whole[1]!), resolve);
  if (!isExpression(text)) return text;
  return text.replace(/[$#]\{([^}]*)\}/g, (_, e: string) => {
    const v = evalNode(compile(e), resolve);
    return v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  });
}

/** A sequence-flow or completion condition: truthy by JUEL's boolean coercion. */
export function evaluateCondition(text: string, resolve: Resolver): boolean {
  return toBool(evaluate(text.trim(), resolve));
}

/** Checks an expression parses (deploy-time validation). */
export function checkExpression(text: string): string | undefined {
  try {
    const whole = WHOLE.exec(text);
    if (whole) compile(whole[1]!);
    else for (const m of text.matchAll(/[$#]\{([^}]*)\}/g)) compile(m[1]!);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

/** A resolver over a plain record. */
export function recordResolver(vars: Record<string, Value>): Resolver {
  return (name) => (Object.hasOwn(vars, name) ? { found: true, value: vars[name] } : { found: false });
}
