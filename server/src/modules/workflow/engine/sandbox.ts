// Script tasks run in QuickJS (WebAssembly), never in Node's own VM: a script sees only the
// process variables passed in as JSON, runs under a time and memory cap, and hands back JSON.
import { getQuickJS } from 'quickjs-emscripten';
import { BpmnError } from './messages.ts';

export interface ScriptResult {
  /** the value of the script's last expression, as JSON */
  result: unknown;
  /** variables the script set through execution.setVariable(name, value) */
  set: Record<string, unknown>;
  /** a task listener's task.setAssignee(user), when it called it */
  assignee?: string | null;
}

/** What a listener script sees besides the variables: the task (task listeners) and the event. */
export interface ScriptScope {
  event?: string;
  task?: { id: string; name: string | null; assignee: string | null; taskDefinitionKey: string };
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
  getEventName: () => __scope.event ?? null,
});
// throw new BpmnError('code') hands a BPMN error to the nearest matching error boundary event
function BpmnError(code, message) { this.name = 'BpmnError'; this.code = String(code); this.message = message == null ? String(code) : String(message); }
var __assignee;
var task = __scope.task ? Object.freeze({
  getId: () => __scope.task.id,
  getName: () => __scope.task.name,
  getTaskDefinitionKey: () => __scope.task.taskDefinitionKey,
  getAssignee: () => (__assignee === undefined ? __scope.task.assignee : __assignee),
  setAssignee: (u) => { __assignee = u == null ? null : String(u); },
  getEventName: () => __scope.event ?? null,
  getVariable: execution.getVariable,
  setVariable: execution.setVariable,
  hasVariable: execution.hasVariable,
  getVariables: execution.getVariables,
}) : undefined;
`;

/** Runs a JavaScript script with the variables visible as globals and through `execution`. */
export async function runScript(script: string, variables: Record<string, unknown>, limits: Partial<ScriptLimits> = {}, scope: ScriptScope = {}): Promise<ScriptResult> {
  const { timeoutMs, memoryBytes } = { ...DEFAULT_LIMITS, ...limits };
  const qjs = await getQuickJS();
  const runtime = qjs.newRuntime();
  runtime.setMemoryLimit(memoryBytes);
  runtime.setMaxStackSize(128 * 1024); // well inside V8's own stack: a runaway recursion ends as QuickJS's clean 'stack overflow'
  // the limit is this process's CPU time, not the clock: a runaway script burns CPU and is cut after
  // timeoutMs of it, while a short one on a loaded machine (waiting for its turn) is not cut
  const cpu0 = process.cpuUsage();
  runtime.setInterruptHandler(() => { const c = process.cpuUsage(cpu0); return (c.user + c.system) / 1000 > timeoutMs; });
  const ctx = runtime.newContext();
  try {
    const varsJson = JSON.stringify(variables);
    const names = Object.keys(variables).filter((k) => /^[A-Za-z_$][\w$]*$/.test(k) && !['execution', 'task', 'BpmnError'].includes(k));
    // variables become globals the way Flowable's JSR-223 bindings expose them
    const globals = names.map((n) => `var ${n} = __vars[${JSON.stringify(n)}];`).join('\n');
    const run = (code: string, name: string) => {
      const r = ctx.evalCode(code, name);
      if (r.error) {
        const err = ctx.dump(r.error) as { message?: string; name?: string; code?: string } | string;
        r.error.dispose();
        if (typeof err === 'object' && err?.name === 'BpmnError' && typeof err.code === 'string') throw new BpmnError(err.code, err.message);
        throw new Error(typeof err === 'string' ? err : err?.message ?? 'script error');
      }
      return r.value;
    };
    run(`var __vars = JSON.parse(${JSON.stringify(varsJson)});\nvar __scope = JSON.parse(${JSON.stringify(JSON.stringify(scope))});\n${PRELUDE}\n${globals}`, 'prelude.js').dispose();
    const value = run(script, 'script.js');
    ctx.setProp(ctx.global, '__result', value);
    value.dispose();
    const out = run('JSON.stringify({ result: __result === undefined ? null : __result, set: __set, assigneeSet: __assignee !== undefined, assignee: __assignee === undefined ? null : __assignee })', 'result.js');
    const text = ctx.getString(out);
    out.dispose();
    const r = JSON.parse(text) as ScriptResult & { assigneeSet: boolean };
    return { result: r.result, set: r.set, ...(r.assigneeSet ? { assignee: r.assignee } : {}) };
  } finally {
    try {
      ctx.dispose();
      runtime.dispose();
    } catch {
      // QuickJS asserts while freeing a runtime whose script overflowed its stack (objects of the
      // unwound frames stay listed); the runtime is dropped either way and the script's own error,
      // already thrown above, is what the caller sees
    }
  }
}
