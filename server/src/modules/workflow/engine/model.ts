// Reads BPMN 2.0 XML (bpmn-moddle) into the engine's own compact graph: nodes, flows, scopes.
// Everything the interpreter needs is resolved here once per definition, so running an instance
// never walks moddle objects again.
import { BpmnModdle } from 'bpmn-moddle';
import { checkExpression } from './expression.ts';
import { DIALECTS, EXTENSION_PACKAGES } from './moddle-extensions.ts';
import { WorkflowError, M } from './messages.ts';
import type { TimerSpec } from './timer.ts';

export type NodeType =
  | 'startEvent' | 'endEvent' | 'userTask' | 'serviceTask' | 'scriptTask' | 'businessRuleTask' | 'sendTask'
  | 'receiveTask' | 'manualTask' | 'task' | 'exclusiveGateway' | 'parallelGateway' | 'inclusiveGateway'
  | 'eventBasedGateway' | 'complexGateway' | 'subProcess' | 'callActivity' | 'intermediateCatchEvent'
  | 'intermediateThrowEvent' | 'boundaryEvent';

export type EventKind = 'none' | 'timer' | 'message' | 'signal' | 'terminate' | 'error' | 'escalation' | 'compensate' | 'conditional' | 'other';

/**
 * An execution listener (start, end, take) or task listener (create, assignment, complete, delete):
 * a handler the host registered under `ref` (class, delegateExpression), an expression, or a script.
 */
export interface ListenerDef {
  event: string;
  kind: 'class' | 'delegateExpression' | 'expression' | 'script';
  ref: string;
  scriptFormat?: string;
}

/** Field right of a form field at a node: hidden fields are not readable, read-only ones not writable. */
export interface FieldRight { readable: boolean; writable: boolean; required: boolean; upload?: boolean }

export interface MultiInstance {
  sequential: boolean;
  /** a variable name or an expression giving a list (or a comma-separated text) */
  collection?: string;
  elementVariable?: string;
  cardinality?: string;
  completionCondition?: string;
}

export interface VariableMapping { source?: string; sourceExpression?: string; target?: string; all?: boolean }

export interface FlowNode {
  id: string;
  name: string;
  type: NodeType;
  /** the process or sub-process that contains the node */
  scopeId: string;
  incoming: string[];
  outgoing: string[];
  defaultFlow?: string;
  documentation?: string;
  boundaryIds: string[];
  // user task
  assignee?: string;
  candidateUsers?: string;
  candidateGroups?: string;
  formKey?: string;
  dueDate?: string;
  priority?: string;
  buttons?: string[];
  fieldRights?: Record<string, FieldRight>;
  /** where a rejection goes: 'initiator' (default), 'previous', 'end' or a node id */
  rejectTarget?: string;
  initiatorNode?: boolean;
  multiInstance?: MultiInstance;
  // service, script, business rule
  implementation?: { kind: 'class' | 'expression' | 'delegateExpression' | 'type' | 'decision' | 'topic'; ref: string };
  resultVariable?: string;
  script?: string;
  scriptFormat?: string;
  // events
  eventKind?: EventKind;
  timer?: TimerSpec;
  /** message or signal name */
  eventName?: string;
  /** error or escalation code the event throws or catches (a catch without one catches all) */
  eventCode?: string;
  /** the id of the referenced error or escalation element (matched as well as its code) */
  eventRefId?: string;
  /** error boundary: variables that receive the caught error's code and message */
  errorCodeVariable?: string;
  errorMessageVariable?: string;
  /** conditional events: the `${...}` condition they wait for */
  condition?: string;
  /** start events: false for a non-interrupting event sub-process start (isInterrupting="false") */
  isInterrupting?: boolean;
  /** an event sub-process (subProcess triggeredByEvent="true"): never reached by flows, started by its start event */
  triggeredByEvent?: boolean;
  /** a signal thrown to this instance only (flowable:scope="processInstance") */
  signalScope?: 'global' | 'processInstance';
  listeners?: ListenerDef[];
  taskListeners?: ListenerDef[];
  /** the activity that undoes this one when compensation is thrown (via its compensation boundary event) */
  compensationHandler?: string;
  /** a compensation handler: runs only when compensation is thrown */
  isForCompensation?: boolean;
  attachedTo?: string;
  cancelActivity?: boolean;
  initiatorVar?: string;
  // call activity
  calledElement?: string;
  inMappings?: VariableMapping[];
  outMappings?: VariableMapping[];
}

export interface SequenceFlowDef { id: string; name: string; source: string; target: string; condition?: string; listeners?: ListenerDef[] }

/** The process or a sub-process: its nodes, its start event, and the event sub-processes it holds. */
export interface Scope { id: string; startId?: string; nodeIds: string[]; eventSubIds: string[] }

export interface ProcessModel {
  id: string;
  name: string;
  executable: boolean;
  documentation?: string;
  nodes: Map<string, FlowNode>;
  flows: Map<string, SequenceFlowDef>;
  scopes: Map<string, Scope>;
  initiatorVar: string;
  /** process-level execution listeners (start, end) */
  listeners?: ListenerDef[];
  /** message and signal start events of the process level */
  eventStarts: { id: string; kind: 'message' | 'signal'; name: string }[];
}

export interface ParsedDefinitions { processes: ProcessModel[]; warnings: string[] }

// ---- moddle access -------------------------------------------------------------------------

interface ModdleEl {
  $type: string;
  $attrs?: Record<string, string>;
  id?: string;
  name?: string;
  get?(name: string): unknown;
  [k: string]: unknown;
}
interface ModdleWarning { message: string; element?: ModdleEl; property?: string; value?: string }
interface ModdleInstance { fromXML(xml: string): Promise<{ rootElement: ModdleEl; warnings: ModdleWarning[] }> }
type ModdleCtor = new (packages?: Record<string, object>) => ModdleInstance;

// Listener elements of the three dialects (the same shape as camunda-bpmn-moddle's): added to the
// dialect's descriptor unless it declares them already.
const LISTENER_TYPES = [
  ...['ExecutionListener', 'TaskListener'].map((name) => ({
    name, superClass: ['Element'],
    properties: [
      { name: 'event', isAttr: true, type: 'String' }, { name: 'class', isAttr: true, type: 'String' },
      { name: 'expression', isAttr: true, type: 'String' }, { name: 'delegateExpression', isAttr: true, type: 'String' },
      { name: 'type', isAttr: true, type: 'String' }, { name: 'fields', type: 'Field', isMany: true }, { name: 'script', type: 'Script' },
    ],
  })),
  {
    name: 'Field', superClass: ['Element'],
    properties: [{ name: 'name', isAttr: true, type: 'String' }, { name: 'stringValue', isAttr: true, type: 'String' },
      { name: 'expression', type: 'String' }, { name: 'string', type: 'String' }],
  },
  {
    name: 'Script', superClass: ['Element'],
    properties: [{ name: 'scriptFormat', isAttr: true, type: 'String' }, { name: 'language', isAttr: true, type: 'String' },
      { name: 'resource', isAttr: true, type: 'String' }, { name: 'value', isBody: true, type: 'String' }],
  },
];
function withListenerTypes(pkg: object): object {
  const p = pkg as { types: { name: string }[] };
  const have = new Set(p.types.map((t) => t.name));
  // moddle annotates the descriptors it registers: each dialect gets its own copy
  return { ...p, types: [...p.types, ...(JSON.parse(JSON.stringify(LISTENER_TYPES)) as { name: string }[]).filter((t) => !have.has(t.name))] };
}

const moddles = new Map<string, ModdleInstance>();
// One dialect per moddle: two dialects extending the same BPMN type with the same attribute name
// collide inside one moddle, so the file's dialect chooses its reader; the others come from $attrs.
function moddleFor(xml: string): { moddle: ModdleInstance; prefix?: string } {
  const d = DIALECTS.find((x) => xml.includes(x.uri));
  const key = d?.prefix ?? '';
  let m = moddles.get(key);
  if (!m) {
    m = new (BpmnModdle as ModdleCtor)(d ? { [d.prefix]: withListenerTypes(EXTENSION_PACKAGES[d.prefix]!) } : {});
    moddles.set(key, m);
  }
  return { moddle: m, prefix: d?.prefix };
}

const arr = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
const localType = (t: string) => t.slice(t.indexOf(':') + 1);
const lcFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** An extension attribute in whichever of the three dialects the file wrote it. */
function ext(el: ModdleEl, name: string): string | undefined {
  for (const d of DIALECTS) {
    try {
      const v = el.get?.(`${d.prefix}:${name}`);
      if (v !== undefined && v !== null && v !== '') return String(v);
    } catch { /* property not declared in this moddle */ }
    const a = el.$attrs?.[`${d.prefix}:${name}`];
    if (a !== undefined && a !== '') return a;
  }
  return undefined;
}

function extensionValues(el: ModdleEl): ModdleEl[] {
  const ee = el.extensionElements as ModdleEl | undefined;
  return arr<ModdleEl>(ee?.values);
}

/** `<flowable:properties><flowable:property name value/>` pairs of an element. */
function extProperties(el: ModdleEl): Map<string, string> {
  const out = new Map<string, string>();
  for (const v of extensionValues(el)) {
    if (localType(v.$type).toLowerCase() !== 'properties') continue;
    for (const p of arr<ModdleEl>(v.values ?? v.$children)) {
      const name = str(p.name) ?? str(p.$attrs?.name);
      const value = str(p.value) ?? str(p.$attrs?.value) ?? str(p.body) ?? str(p.$body);
      if (name && value !== undefined) out.set(name, value.trim());
    }
  }
  return out;
}

function bodyOf(v: unknown): string | undefined {
  const e = v as ModdleEl | undefined;
  return str(e?.body)?.trim();
}

function parseButtons(text: string | undefined): string[] | undefined {
  if (!text) return undefined;
  const t = text.trim();
  if (t.startsWith('[')) {
    const list = JSON.parse(t) as unknown[];
    return list.map((b) => (typeof b === 'string' ? b : String((b as Record<string, unknown>).buttonKey ?? (b as Record<string, unknown>).key ?? ''))).filter(Boolean);
  }
  return t.split(',').map((s) => s.trim()).filter(Boolean);
}

function parseFieldRights(text: string | undefined): Record<string, FieldRight> | undefined {
  if (!text) return undefined;
  const raw = JSON.parse(text) as Record<string, unknown>;
  const out: Record<string, FieldRight> = {};
  for (const [field, r] of Object.entries(raw)) {
    if (typeof r === 'string') {
      out[field] = {
        readable: r !== 'hidden',
        writable: r === 'write' || r === 'required' || r === 'upload',
        required: r === 'required',
        upload: r === 'upload' || undefined,
      };
    } else if (r && typeof r === 'object') {
      const o = r as Record<string, unknown>;
      out[field] = { readable: o.readable !== false, writable: o.writable === true, required: o.required === true, upload: o.upload === true || undefined };
    }
  }
  return out;
}

function timerOf(def: ModdleEl): TimerSpec | undefined {
  const d = bodyOf(def.timeDuration), t = bodyOf(def.timeDate), c = bodyOf(def.timeCycle);
  if (d) return { kind: 'duration', text: d };
  if (t) return { kind: 'date', text: t };
  if (c) return { kind: 'cycle', text: c };
  return undefined;
}

interface EventInfo {
  kind: EventKind; timer?: TimerSpec; name?: string; code?: string; refId?: string;
  codeVar?: string; messageVar?: string; scope?: 'global' | 'processInstance'; condition?: string;
}

function eventOf(el: ModdleEl, unresolved: Map<ModdleEl, Map<string, string>>): EventInfo {
  const defs = arr<ModdleEl>(el.eventDefinitions);
  if (!defs.length) return { kind: 'none' };
  const d = defs[0]!;
  // a reference to an element that is not in the file: its text is the name or code
  const dangling = (prop: string) => unresolved.get(d)?.get(prop);
  switch (d.$type) {
    case 'bpmn:TimerEventDefinition': return { kind: 'timer', timer: timerOf(d) };
    case 'bpmn:MessageEventDefinition': {
      const ref = d.messageRef as ModdleEl | undefined;
      return { kind: 'message', name: str(ref?.name) ?? ref?.id ?? dangling('bpmn:messageRef') };
    }
    case 'bpmn:SignalEventDefinition': {
      const ref = d.signalRef as ModdleEl | undefined;
      const scope = (ref && ext(ref, 'scope')) ?? ext(d, 'scope');
      return { kind: 'signal', name: str(ref?.name) ?? ref?.id ?? dangling('bpmn:signalRef'), scope: scope === 'processInstance' ? 'processInstance' : 'global' };
    }
    case 'bpmn:TerminateEventDefinition': return { kind: 'terminate' };
    case 'bpmn:ErrorEventDefinition': {
      const ref = d.errorRef as ModdleEl | undefined;
      return {
        kind: 'error', code: str(ref?.errorCode) ?? ref?.id ?? dangling('bpmn:errorRef'), refId: ref?.id,
        codeVar: ext(d, 'errorCodeVariable') ?? ext(d, 'errorVariableName'), messageVar: ext(d, 'errorMessageVariable'),
      };
    }
    case 'bpmn:EscalationEventDefinition': {
      const ref = d.escalationRef as ModdleEl | undefined;
      return { kind: 'escalation', code: str(ref?.escalationCode) ?? ref?.id ?? dangling('bpmn:escalationRef'), refId: ref?.id };
    }
    case 'bpmn:CompensateEventDefinition': return { kind: 'compensate', refId: (d.activityRef as ModdleEl | undefined)?.id };
    case 'bpmn:ConditionalEventDefinition': return { kind: 'conditional', condition: bodyOf(d.condition) };
    default: return { kind: 'other' };
  }
}

/** Execution or task listeners of an element, in document order. */
function listenersOf(el: ModdleEl, which: 'executionlistener' | 'tasklistener'): ListenerDef[] | undefined {
  const out: ListenerDef[] = [];
  for (const v of extensionValues(el)) {
    if (localType(v.$type).toLowerCase() !== which) continue;
    const g = (k: string) => str(v[k]) ?? str(v.$attrs?.[k]);
    const event = g('event') ?? (which === 'tasklistener' ? 'create' : 'start');
    const fields = new Map<string, string>();
    for (const f of arr<ModdleEl>(v.fields)) {
      const name = str(f.name) ?? str(f.$attrs?.name);
      const value = str(f.stringValue) ?? str(f.string) ?? str(f.expression) ?? str(f.$attrs?.expression);
      if (name && value !== undefined) fields.set(name, value);
    }
    const script = v.script as ModdleEl | undefined;
    const cls = g('class');
    if (script && str(script.value)) {
      out.push({ event, kind: 'script', ref: String(script.value), scriptFormat: str(script.scriptFormat) ?? str(script.language) ?? 'javascript' });
    } else if (cls && /Script(Execution|Task)Listener$/.test(cls) && fields.has('script')) {
      // Flowable's built-in script listeners carry the script and its language as fields
      out.push({ event, kind: 'script', ref: fields.get('script')!, scriptFormat: fields.get('language') ?? 'javascript' });
    } else if (cls) out.push({ event, kind: 'class', ref: cls });
    else if (g('delegateExpression')) out.push({ event, kind: 'delegateExpression', ref: g('delegateExpression')! });
    else if (g('expression')) out.push({ event, kind: 'expression', ref: g('expression')! });
    else throw new WorkflowError(M.bpmnInvalid, { detail: `${el.id ?? 'process'}: a ${which === 'tasklistener' ? 'task' : 'execution'} listener without class, expression, delegateExpression or script` });
  }
  return out.length ? out : undefined;
}

const NODE_TYPES = new Set<string>([
  'startEvent', 'endEvent', 'userTask', 'serviceTask', 'scriptTask', 'businessRuleTask', 'sendTask', 'receiveTask',
  'manualTask', 'task', 'exclusiveGateway', 'parallelGateway', 'inclusiveGateway', 'eventBasedGateway', 'complexGateway',
  'subProcess', 'callActivity', 'intermediateCatchEvent', 'intermediateThrowEvent', 'boundaryEvent',
]);

function buildProcess(proc: ModdleEl, unresolved: Map<ModdleEl, Map<string, string>>, warnings: string[]): ProcessModel {
  const model: ProcessModel = {
    id: proc.id!, name: str(proc.name) ?? proc.id!, executable: proc.isExecutable !== false,
    documentation: str(arr<ModdleEl>(proc.documentation)[0]?.text)?.trim(),
    nodes: new Map(), flows: new Map(), scopes: new Map(), initiatorVar: 'initiator',
    listeners: listenersOf(proc, 'executionlistener'), eventStarts: [],
  };

  const walk = (container: ModdleEl, scopeId: string) => {
    const scope: Scope = { id: scopeId, nodeIds: [], eventSubIds: [] };
    model.scopes.set(scopeId, scope);
    for (const el of arr<ModdleEl>(container.flowElements)) {
      const t = lcFirst(localType(el.$type));
      if (t === 'sequenceFlow') {
        const cond = el.conditionExpression as ModdleEl | undefined;
        const language = str(cond?.language);
        if (language && !/juel|^$/i.test(language)) warnings.push(`flow ${el.id}: condition language ${language} is read as an expression`);
        // Flowable's own test files leave flows without an id: they get one from their ends
        const source = (el.sourceRef as ModdleEl).id!, target = (el.targetRef as ModdleEl).id!;
        let id = el.id;
        if (!id) for (let i = 1; model.flows.has((id = `${source}__${target}${i > 1 ? `__${i}` : ''}`)); i++);
        model.flows.set(id, {
          id, name: str(el.name) ?? '', source, target,
          condition: bodyOf(cond), listeners: listenersOf(el, 'executionlistener'),
        });
        continue;
      }
      const type = t === 'transaction' || t === 'adHocSubProcess' ? 'subProcess' : t;
      if (!NODE_TYPES.has(type)) continue; // data objects, stores, associations: not executed
      const ev = eventOf(el, unresolved);
      const node: FlowNode = {
        id: el.id!, name: str(el.name)?.replace(/\s+/g, ' ') ?? '', type: type as NodeType, scopeId,
        incoming: [], outgoing: [], boundaryIds: [],
        documentation: str(arr<ModdleEl>(el.documentation)[0]?.text)?.trim(),
        listeners: listenersOf(el, 'executionlistener'),
      };
      if (el.default) node.defaultFlow = (el.default as ModdleEl).id;
      if (el.isForCompensation === true) node.isForCompensation = true;
      if (type.endsWith('Event')) {
        node.eventKind = ev.kind;
        node.timer = ev.timer;
        // a message or signal event without a reference waits for (or throws) its own id
        node.eventName = ev.name ?? (ev.kind === 'message' || ev.kind === 'signal' ? node.id : undefined);
        node.eventCode = ev.code;
        node.eventRefId = ev.refId;
        node.errorCodeVariable = ev.codeVar;
        node.errorMessageVariable = ev.messageVar;
        if (ev.kind === 'signal') node.signalScope = ev.scope;
        if (ev.kind === 'conditional') node.condition = ev.condition;
      }
      if (type === 'receiveTask') {
        const ref = el.messageRef as ModdleEl | undefined;
        node.eventName = str(ref?.name) ?? ref?.id ?? unresolved.get(el)?.get('bpmn:messageRef');
      }
      if (type === 'startEvent') {
        const iv = ext(el, 'initiator');
        if (iv) { node.initiatorVar = iv; if (scopeId === model.id) model.initiatorVar = iv; }
        node.formKey = ext(el, 'formKey');
        if (el.isInterrupting === false) node.isInterrupting = false;
        if (scopeId === model.id || !scope.startId) {
          if (ev.kind === 'none' || !scope.startId) scope.startId = node.id;
        }
        if (scopeId === model.id && (ev.kind === 'message' || ev.kind === 'signal') && ev.name) model.eventStarts.push({ id: node.id, kind: ev.kind, name: ev.name });
      }
      if (type === 'boundaryEvent') {
        node.attachedTo = (el.attachedToRef as ModdleEl | undefined)?.id;
        node.cancelActivity = el.cancelActivity !== false;
      }
      if (type === 'userTask') {
        node.taskListeners = listenersOf(el, 'tasklistener');
        const props = extProperties(el);
        node.assignee = ext(el, 'assignee');
        node.candidateUsers = ext(el, 'candidateUsers');
        node.candidateGroups = ext(el, 'candidateGroups');
        node.formKey = ext(el, 'formKey');
        node.dueDate = ext(el, 'dueDate');
        node.priority = ext(el, 'priority');
        node.buttons = parseButtons(ext(el, 'buttons') ?? props.get('buttons'));
        node.fieldRights = parseFieldRights(ext(el, 'fieldRights') ?? props.get('fieldRights'));
        node.rejectTarget = ext(el, 'rejectTarget') ?? props.get('rejectTarget');
        const init = ext(el, 'initiatorNode') ?? props.get('initiatorNode');
        if (init !== undefined) node.initiatorNode = init === 'true';
        // standard BPMN resource roles: humanPerformer is the assignee, potentialOwner the candidates
        for (const r of arr<ModdleEl>(el.resources)) {
          const expr = bodyOf((r.resourceAssignmentExpression as ModdleEl | undefined)?.expression)?.trim();
          if (!expr) continue;
          if (r.$type === 'bpmn:HumanPerformer' || r.$type === 'bpmn:Performer') node.assignee ??= expr;
          else if (r.$type === 'bpmn:PotentialOwner') {
            for (const part of expr.split(/,(?![^{]*\})/).map((s) => s.trim()).filter(Boolean)) {
              const m = /^(user|group)\((.*)\)$/.exec(part);
              if (m?.[1] === 'user') node.candidateUsers = [node.candidateUsers, m[2]].filter(Boolean).join(',');
              else node.candidateGroups = [node.candidateGroups, m ? m[2] : part].filter(Boolean).join(',');
            }
          }
        }
      }
      if (type === 'serviceTask' || type === 'businessRuleTask' || type === 'sendTask' || type === 'scriptTask'
        || (ev.kind === 'message' && (type === 'intermediateThrowEvent' || type === 'endEvent'))) {
        // a message throw event carries its handler on the event definition (Camunda) or on itself
        const def = ev.kind === 'message' ? arr<ModdleEl>(el.eventDefinitions)[0] : undefined;
        const x = (k: string) => ext(el, k) ?? (def ? ext(def, k) : undefined);
        const cls = x('class'), exp = x('expression'), de = x('delegateExpression');
        const typ = x('type'), dec = x('decisionRef'), topic = x('topic');
        if (cls) node.implementation = { kind: 'class', ref: cls };
        else if (de) node.implementation = { kind: 'delegateExpression', ref: de };
        else if (exp) node.implementation = { kind: 'expression', ref: exp };
        else if (dec) node.implementation = { kind: 'decision', ref: dec };
        else if (typ) node.implementation = { kind: 'type', ref: typ };
        else if (topic) node.implementation = { kind: 'topic', ref: topic };
        node.resultVariable = ext(el, 'resultVariable') ?? ext(el, 'resultVariableName');
      }
      if (type === 'scriptTask') {
        node.script = str(el.script);
        node.scriptFormat = str(el.scriptFormat) ?? 'javascript';
      }
      if (type === 'callActivity') {
        node.calledElement = str(el.calledElement);
        node.inMappings = [];
        node.outMappings = [];
        for (const v of extensionValues(el)) {
          const lt = localType(v.$type).toLowerCase();
          if (lt !== 'in' && lt !== 'out') continue;
          const g = (k: string) => str(v[k]) ?? str(v.$attrs?.[k]);
          const mapping: VariableMapping = { source: g('source'), sourceExpression: g('sourceExpression'), target: g('target'), all: g('variables') === 'all' };
          (lt === 'in' ? node.inMappings : node.outMappings).push(mapping);
        }
        if (ext(el, 'inheritVariables') === 'true') node.inMappings.push({ all: true });
      }
      const loop = el.loopCharacteristics as ModdleEl | undefined;
      if (loop?.$type === 'bpmn:MultiInstanceLoopCharacteristics') {
        const inputRef = (loop.loopDataInputRef as ModdleEl | undefined)?.id ?? unresolved.get(loop)?.get('bpmn:loopDataInputRef');
        node.multiInstance = {
          sequential: loop.isSequential === true,
          collection: ext(loop, 'collection') ?? inputRef,
          elementVariable: ext(loop, 'elementVariable') ?? str((loop.inputDataItem as ModdleEl | undefined)?.name) ?? (loop.inputDataItem as ModdleEl | undefined)?.id,
          cardinality: bodyOf(loop.loopCardinality),
          completionCondition: bodyOf(loop.completionCondition),
        };
      }
      if (type === 'subProcess' && el.triggeredByEvent === true) {
        node.triggeredByEvent = true;
        scope.eventSubIds.push(node.id);
      }
      model.nodes.set(node.id, node);
      scope.nodeIds.push(node.id);
      if (type === 'subProcess') walk(el, node.id);
    }
    // a compensation boundary event names its handler through an association
    for (const a of arr<ModdleEl>(container.artifacts)) {
      if (a.$type !== 'bpmn:Association') continue;
      const from = (a.sourceRef as ModdleEl | undefined)?.id, to = (a.targetRef as ModdleEl | undefined)?.id;
      if (from && to) compensations.push([from, to]);
    }
  };
  const compensations: [string, string][] = [];
  walk(proc, model.id);

  for (const f of model.flows.values()) {
    model.nodes.get(f.source)?.outgoing.push(f.id);
    model.nodes.get(f.target)?.incoming.push(f.id);
  }
  for (const [from, to] of compensations) {
    const b = model.nodes.get(from), handler = model.nodes.get(to);
    if (b?.type === 'boundaryEvent' && b.eventKind === 'compensate' && b.attachedTo && handler) {
      model.nodes.get(b.attachedTo)!.compensationHandler = handler.id;
    }
  }
  for (const n of model.nodes.values()) {
    if (n.type === 'boundaryEvent' && n.attachedTo) model.nodes.get(n.attachedTo)?.boundaryIds.push(n.id);
    if (n.type === 'userTask' && n.initiatorNode === undefined) {
      const iv = model.initiatorVar;
      n.initiatorNode = !!n.assignee && (n.assignee.replace(/\s/g, '') === `\${${iv}}` || n.assignee.replace(/\s/g, '') === '${initiator}');
    }
  }
  return model;
}

/** the start events an event sub-process may have (compensation event sub-processes are not executed) */
const EVENT_SUB_STARTS = new Set<EventKind>(['message', 'signal', 'timer', 'conditional', 'error', 'escalation']);

function validate(model: ProcessModel): string[] {
  const errors: string[] = [];
  const check = (where: string, text: string | undefined) => {
    if (!text) return;
    const e = checkExpression(text);
    if (e) errors.push(`${where}: ${e}`);
  };
  for (const f of model.flows.values()) {
    if (!model.nodes.has(f.source) || !model.nodes.has(f.target)) errors.push(`flow ${f.id}: unknown source or target`);
    check(`flow ${f.id}`, f.condition);
  }
  for (const n of model.nodes.values()) {
    check(`${n.id} assignee`, n.assignee);
    check(`${n.id} candidateUsers`, n.candidateUsers);
    check(`${n.id} candidateGroups`, n.candidateGroups);
    check(`${n.id} completionCondition`, n.multiInstance?.completionCondition);
    if (n.type === 'boundaryEvent' && !n.attachedTo) errors.push(`${n.id}: boundary event without attachedToRef`);
    if (n.eventKind === 'conditional') {
      if (!n.condition) errors.push(`${n.id}: a conditional event without a condition`);
      check(`${n.id} condition`, n.condition);
    }
    if (n.triggeredByEvent) {
      const start = model.nodes.get(model.scopes.get(n.id)?.startId ?? '');
      if (!start || !EVENT_SUB_STARTS.has(start.eventKind ?? 'none')) {
        errors.push(`${n.id}: an event sub-process needs a message, signal, timer, conditional, error or escalation start event`);
      } else if (start.eventKind === 'error' && start.isInterrupting === false) errors.push(`${start.id}: an error start event always interrupts`);
      if (n.incoming.length || n.outgoing.length) errors.push(`${n.id}: an event sub-process has no sequence flows`);
    }
    for (const l of [...(n.listeners ?? []), ...(n.taskListeners ?? [])]) if (l.kind === 'expression') check(`${n.id} listener`, l.ref);
    if (n.type === 'eventBasedGateway') {
      for (const f of n.outgoing) {
        const t = model.nodes.get(model.flows.get(f)!.target);
        const ok = t && ((t.type === 'intermediateCatchEvent' && ['timer', 'message', 'signal', 'conditional'].includes(t.eventKind ?? '')) || t.type === 'receiveTask');
        if (!ok) errors.push(`${n.id}: an event-based gateway may only lead to timer, message, signal or conditional catch events and receive tasks`);
      }
    }
  }
  for (const l of model.listeners ?? []) if (l.kind === 'expression') check('process listener', l.ref);
  for (const f of model.flows.values()) for (const l of f.listeners ?? []) if (l.kind === 'expression') check(`flow ${f.id} listener`, l.ref);
  if (!model.scopes.get(model.id)?.startId) errors.push(`process ${model.id}: no start event`);
  return errors;
}

/** Parses and checks a BPMN file; throws a WorkflowError naming the problems. */
export async function parseBpmn(xml: string): Promise<ParsedDefinitions> {
  const { moddle } = moddleFor(xml);
  let result;
  try {
    result = await moddle.fromXML(xml);
  } catch (e) {
    throw new WorkflowError(M.bpmnInvalid, { detail: (e as Error).message.split('\n')[0]! });
  }
  const unresolved = new Map<ModdleEl, Map<string, string>>();
  const warnings: string[] = [];
  for (const w of result.warnings) {
    if (w.element && w.property && w.value) {
      let m = unresolved.get(w.element);
      if (!m) unresolved.set(w.element, (m = new Map()));
      m.set(w.property, w.value);
    } else warnings.push(w.message.split('\n')[0]!);
  }
  const root = result.rootElement;
  if (root.$type !== 'bpmn:Definitions') throw new WorkflowError(M.bpmnInvalid, { detail: 'no bpmn:definitions root' });
  const processes = arr<ModdleEl>(root.rootElements).filter((e) => e.$type === 'bpmn:Process' && arr(e.flowElements).length > 0)
    .map((p) => buildProcess(p, unresolved, warnings));
  if (!processes.length) throw new WorkflowError(M.bpmnInvalid, { detail: 'no process' });
  const errors = processes.filter((p) => p.executable).flatMap(validate);
  if (errors.length) throw new WorkflowError(M.bpmnInvalid, { detail: errors.slice(0, 5).join('; ') });
  return { processes, warnings };
}

const modelCache = new Map<string, ProcessModel>();
/** The model of one process of a deployed definition, parsed once per definition id. */
export async function modelOf(definitionId: string, key: string, xml: string): Promise<ProcessModel> {
  let m = modelCache.get(definitionId);
  if (!m) {
    const parsed = await parseBpmn(xml);
    m = parsed.processes.find((p) => p.id === key) ?? parsed.processes[0]!;
    if (modelCache.size > 500) modelCache.clear();
    modelCache.set(definitionId, m);
  }
  return m;
}

// ---- graph queries -------------------------------------------------------------------------

/** Nodes reachable from `from` inside its own scope (boundary events count as successors). */
export function reachInScope(model: ProcessModel, from: string): Set<string> {
  const seen = new Set<string>([from]);
  const stack = [from];
  while (stack.length) {
    const n = model.nodes.get(stack.pop()!);
    if (!n) continue;
    const next = [...n.outgoing.map((f) => model.flows.get(f)!.target), ...n.boundaryIds];
    for (const t of next) if (!seen.has(t)) { seen.add(t); stack.push(t); }
  }
  return seen;
}

/** Nodes reachable from `from` across sub-process borders (into their start, out of their end). */
export function reachFlat(model: ProcessModel, from: string): Set<string> {
  const seen = new Set<string>([from]);
  const stack = [from];
  while (stack.length) {
    const n = model.nodes.get(stack.pop()!);
    if (!n) continue;
    const next = [...n.outgoing.map((f) => model.flows.get(f)!.target), ...n.boundaryIds];
    if (n.type === 'subProcess') { const s = model.scopes.get(n.id)?.startId; if (s) next.push(s); }
    if (n.type === 'endEvent' && n.scopeId !== model.id) {
      const owner = model.nodes.get(n.scopeId);
      if (owner) next.push(...owner.outgoing.map((f) => model.flows.get(f)!.target));
    }
    for (const t of next) if (!seen.has(t)) { seen.add(t); stack.push(t); }
  }
  return seen;
}

/** The scope ids from the process down to the scope that holds the node. */
export function scopeChain(model: ProcessModel, nodeId: string): string[] {
  const chain: string[] = [];
  let scope = model.nodes.get(nodeId)?.scopeId;
  while (scope && scope !== model.id) {
    chain.unshift(scope);
    scope = model.nodes.get(scope)?.scopeId;
  }
  chain.unshift(model.id);
  return chain;
}

/**
 * The initiator's first node: the first user task after the start event that is assigned to the
 * initiator (`${initiator}` or the start event's initiator variable), or marked initiatorNode.
 */
export function initiatorNodeOf(model: ProcessModel): FlowNode | undefined {
  const start = model.scopes.get(model.id)?.startId;
  if (!start) return undefined;
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length) {
    const n = model.nodes.get(queue.shift()!);
    if (!n || seen.has(n.id)) continue;
    seen.add(n.id);
    if (n.type === 'userTask') {
      if (n.initiatorNode) return n;
      continue; // a different first task: the process has no initiator node on this path
    }
    if (n.type.endsWith('Gateway') || n.type === 'startEvent' || n.type === 'intermediateThrowEvent') {
      queue.push(...n.outgoing.map((f) => model.flows.get(f)!.target));
    }
  }
  return undefined;
}
