// Script tasks run in QuickJS (WebAssembly), never in Node's own VM: a script sees only the
// process variables passed in as JSON, runs under a time and memory cap, and hands back JSON.
import { getQuickJS, shouldInterruptAfterDeadline } from 'quickjs-emscripten';

export interface ScriptResult {
  /** the value of the script's last expression, as JSON */
  result: unknown;
  /** variables the script set through execution.setVariable(name, value) */
  set: Record<string, unknown>;
}

export interface ScriptLimits { timeoutMs: number; memoryBytes: number }
const DEFAULT_LIMITS: ScriptLimits = { timeoutMs: 1000, memoryBytes: 16 * 1024 * 1024 };

const PRELUDE = `
var __set = {};
var execution = Object.freeze({
  getVariable: (n) => (Object.prototype.hasOwnProperty.call(__vars, n) ? __vars[n] : null),
  setVariable: (n, v) => { __set[String(n)] = v; __vars[String(n)] = v; },
  hasVariable: (n) => Object.prototype.hasOwnProperty.call(__vars, n),
  getVariables: () => Object.assign({}, __vars),
});
`;

/** Runs a JavaScript script with the variables visible as globals and through `execution`. */
export async function runScript(script: string, variables: Record<string, unknown>, limits: Partial<ScriptLimits> = {}): Promise<ScriptResult> {
  const { timeoutMs, memoryBytes } = { ...DEFAULT_LIMITS, ...limits };
  const qjs = await getQuickJS();
  const runtime = qjs.newRuntime();
  runtime.setMemoryLimit(memoryBytes);
  runtime.setMaxStackSize(512 * 1024);
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + timeoutMs));
  const ctx = runtime.newContext();
  try {
    const varsJson = JSON.stringify(variables);
    const names = Object.keys(variables).filter((k) => /^[A-Za-z_$][\w$]*$/.test(k) && k !== 'execution');
    // variables become globals the way Flowable's JSR-223 bindings expose them
    const globals = names.map((n) => `var ${n} = __vars[${JSON.stringify(n)}];`).join('\n');
    const run = (code: string, name: string) => {
      const r = ctx.evalCode(code, name);
      if (r.error) {
        const err = ctx.dump(r.error) as { message?: string } | string;
        r.error.dispose();
        throw new Error(typeof err === 'string' ? err : err?.message ?? 'script error');
      }
      return r.value;
    };
    run(`var __vars = JSON.parse(${JSON.stringify(varsJson)});\n${PRELUDE}\n${globals}`, 'prelude.js').dispose();
    const value = run(script, 'script.js');
    ctx.setProp(ctx.global, '__result', value);
    value.dispose();
    const out = run('JSON.stringify({ result: __result === undefined ? null : __result, set: __set })', 'result.js');
    const text = ctx.getString(out);
    out.dispose();
    return JSON.parse(text) as ScriptResult;
  } finally {
    ctx.dispose();
    runtime.dispose();
  }
}
