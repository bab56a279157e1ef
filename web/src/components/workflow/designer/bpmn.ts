// Thin typed access to what the designer uses of bpmn-js (loaded lazily; these are only shapes)
// and the reads / writes of Flowable properties on diagram elements through the modeling API, so
// every change is one undoable command.
import { FLOWABLE_URI } from './flowableModdle';

export interface BO {
  $type: string;
  id: string;
  name?: string;
  $attrs?: Record<string, string>;
  $parent?: BO;
  extensionElements?: BO & { values?: BO[] };
  loopCharacteristics?: BO;
  conditionExpression?: BO & { body?: string };
  completionCondition?: BO & { body?: string };
  isSequential?: boolean;
  sourceRef?: BO;
  targetRef?: BO;
  default?: BO;
  body?: string;
  event?: string;
  expression?: string;
  class?: string;
  delegateExpression?: string;
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  [k: string]: unknown;
}

export interface DElement {
  id: string;
  type: string;
  businessObject: BO;
  parent?: DElement;
  labelTarget?: DElement;
}

export interface Modeling {
  updateProperties(el: DElement, props: Record<string, unknown>): void;
  updateModdleProperties(el: DElement, bo: BO, props: Record<string, unknown>): void;
  updateLabel(el: DElement, text: string): void;
}
export interface Moddle {
  create<T = BO>(type: string, attrs?: Record<string, unknown>): T;
}
export interface CommandStack {
  undo(): void;
  redo(): void;
  canUndo(): boolean;
  canRedo(): boolean;
  clear(): void;
}
export interface Canvas {
  zoom(level?: number | 'fit-viewport', center?: 'auto'): number;
  getRootElement(): DElement;
}
export interface ElementRegistry {
  get(id: string): DElement | undefined;
  getAll(): DElement[];
  filter(fn: (e: DElement) => boolean): DElement[];
}
export interface Selection {
  get(): DElement[];
  select(el: DElement | DElement[] | null): void;
}
export interface ModelerLike {
  importXML(xml: string): Promise<{ warnings: unknown[] }>;
  saveXML(opts?: { format?: boolean }): Promise<{ xml?: string }>;
  saveSVG(): Promise<{ svg: string }>;
  get<T>(name: string): T;
  on(event: string, cb: (e: any) => void): void;
  off(event: string, cb: (e: any) => void): void;
  destroy(): void;
}

export const S = {
  modeling: (m: ModelerLike) => m.get<Modeling>('modeling'),
  moddle: (m: ModelerLike) => m.get<Moddle>('moddle'),
  registry: (m: ModelerLike) => m.get<ElementRegistry>('elementRegistry'),
  canvas: (m: ModelerLike) => m.get<Canvas>('canvas'),
  commands: (m: ModelerLike) => m.get<CommandStack>('commandStack'),
  selection: (m: ModelerLike) => m.get<Selection>('selection'),
};

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A new model's diagram: one start event, the process id being the model key. */
export function newDiagram(key: string, name: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn2:definitions xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bpmn2="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:flowable="${FLOWABLE_URI}" id="Definitions_${escapeXml(key)}" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn2:process id="${escapeXml(key)}" name="${escapeXml(name)}" isExecutable="true">
    <bpmn2:startEvent id="StartEvent_1" flowable:initiator="initiator" />
  </bpmn2:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${escapeXml(key)}">
      <bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1">
        <dc:Bounds x="180" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn2:definitions>`;
}

export const isType = (el: DElement | BO | null | undefined, type: string) => {
  const bo = el && 'businessObject' in el ? (el as DElement).businessObject : (el as BO | null | undefined);
  return !!bo && bo.$type === type;
};

/** A Flowable attribute, read from flowable: (declared) or activiti: / camunda: ($attrs of imported files). */
export function flowableAttr(bo: BO, name: string): string {
  const v = bo.get(`flowable:${name}`);
  if (v !== undefined && v !== null && v !== '') return String(v);
  for (const p of ['activiti', 'camunda']) {
    const a = bo.$attrs?.[`${p}:${name}`];
    if (a) return a;
  }
  return '';
}

/** Writes a Flowable attribute (an empty value removes it) and drops the same attribute of the other dialects. */
export function setFlowableAttr(m: ModelerLike, el: DElement, name: string, value: string | undefined): void {
  for (const p of ['activiti', 'camunda']) delete el.businessObject.$attrs?.[`${p}:${name}`];
  S.modeling(m).updateProperties(el, { [`flowable:${name}`]: value === '' ? undefined : value });
}

export interface Listener {
  kind: 'execution' | 'task';
  event: string;
  /** expression | class | delegateExpression | script */
  implType: 'expression' | 'class' | 'delegateExpression' | 'script';
  /** the expression, class name or delegate expression; for a script, its body */
  value: string;
  /** script: its language (the engine runs javascript / js / ecmascript) */
  scriptFormat?: string;
}

const LISTENER_TYPES = ['flowable:ExecutionListener', 'flowable:TaskListener'];
/** Flowable's own script listeners: a class with the fields script and language (what real Flowable runs too). */
export const SCRIPT_LISTENER_CLASS = {
  execution: 'org.flowable.engine.impl.bpmn.listener.ScriptExecutionListener',
  task: 'org.flowable.engine.impl.bpmn.listener.ScriptTaskListener',
} as const;
/** Script formats the engine runs (server engine runtime.ts). */
export const SCRIPT_FORMATS = ['javascript', 'js', 'ecmascript'];
const isScriptClass = (cls: unknown) => typeof cls === 'string' && /Script(Execution|Task)Listener$/.test(cls);

interface FieldBO {
  name?: string;
  stringValue?: string;
  string?: string;
  expression?: string;
}

export function listenersOf(bo: BO): Listener[] {
  return (bo.extensionElements?.values ?? [])
    .filter((v) => LISTENER_TYPES.includes(v.$type))
    .map((v) => {
      const kind = v.$type === 'flowable:TaskListener' ? 'task' : 'execution';
      const event = v.event ?? '';
      const fields = new Map(((v.fields ?? []) as FieldBO[]).map((f) => [f.name ?? '', f.stringValue ?? f.string ?? f.expression ?? '']));
      // the two shapes the engine reads: a script child, or Flowable's script listener class with its fields
      const script = v.script as { value?: string; scriptFormat?: string; language?: string } | undefined;
      if (script && typeof script.value === 'string') {
        return { kind, event, implType: 'script', value: script.value, scriptFormat: script.scriptFormat || script.language || 'javascript' } as Listener;
      }
      if (isScriptClass(v.class) && fields.has('script')) {
        return { kind, event, implType: 'script', value: fields.get('script') ?? '', scriptFormat: fields.get('language') || 'javascript' } as Listener;
      }
      const implType = v.class ? 'class' : v.delegateExpression ? 'delegateExpression' : 'expression';
      return { kind, event, implType, value: String(v[implType] ?? '') } as Listener;
    });
}

/** Replaces the element's listeners, keeping every other extension element (properties, foreign ones). */
export function setListeners(m: ModelerLike, el: DElement, list: Listener[]): void {
  const moddle = S.moddle(m);
  const bo = el.businessObject;
  const others = (bo.extensionElements?.values ?? []).filter((v) => !LISTENER_TYPES.includes(v.$type));
  const made = list.map((l) => {
    const type = l.kind === 'task' ? 'flowable:TaskListener' : 'flowable:ExecutionListener';
    if (l.implType !== 'script') return moddle.create(type, { event: l.event, [l.implType]: l.value });
    const listener = moddle.create(type, { event: l.event, class: SCRIPT_LISTENER_CLASS[l.kind] });
    const fields = [
      moddle.create('flowable:Field', { name: 'language', stringValue: l.scriptFormat || 'javascript' }),
      moddle.create('flowable:Field', { name: 'script', string: l.value }),
    ];
    for (const f of fields) f.$parent = listener;
    listener.fields = fields;
    return listener;
  });
  const values = [...others, ...made];
  const ee = values.length ? moddle.create('bpmn:ExtensionElements', { values }) : undefined;
  for (const v of values) v.$parent = ee;
  S.modeling(m).updateProperties(el, { extensionElements: ee });
}

export interface MultiInstance {
  enabled: boolean;
  sequential: boolean;
  collection: string;
  elementVariable: string;
  completionCondition: string;
}

export function multiInstanceOf(bo: BO): MultiInstance {
  const loop = bo.loopCharacteristics;
  if (!loop || loop.$type !== 'bpmn:MultiInstanceLoopCharacteristics') {
    return { enabled: false, sequential: false, collection: '', elementVariable: '', completionCondition: '' };
  }
  return {
    enabled: true,
    sequential: !!loop.isSequential,
    collection: flowableAttr(loop, 'collection'),
    elementVariable: flowableAttr(loop, 'elementVariable'),
    completionCondition: loop.completionCondition?.body ?? '',
  };
}

export function setMultiInstance(m: ModelerLike, el: DElement, mi: MultiInstance): void {
  const modeling = S.modeling(m);
  if (!mi.enabled) {
    modeling.updateProperties(el, { loopCharacteristics: undefined });
    return;
  }
  const moddle = S.moddle(m);
  const loop = moddle.create('bpmn:MultiInstanceLoopCharacteristics', {
    isSequential: mi.sequential,
    'flowable:collection': mi.collection || undefined,
    'flowable:elementVariable': mi.elementVariable || undefined,
  });
  if (mi.completionCondition) {
    const cond = moddle.create('bpmn:FormalExpression', { body: mi.completionCondition });
    cond.$parent = loop;
    loop.completionCondition = cond;
  }
  loop.$parent = el.businessObject;
  modeling.updateProperties(el, { loopCharacteristics: loop });
}

/**
 * 发起人自选 (the initiator chooses the approver at start): the node reads the process variable
 * customUserTask_<id>, which the server sets from the start payload's customUserTask. The designer
 * writes plain Flowable XML the engine runs: flowable:assignee="${var}" for one person; for several,
 * the multi-instance collection "${var}" (one task each, assignee ${elementVariable}) when the node is
 * multi-instance, otherwise flowable:candidateUsers="${var}" (one of them claims). The mark
 * flowable:initiatorChooses="single|multiple" keeps the choice for the panel.
 */
export type Chooser = 'single' | 'multiple';
export const chooserVariable = (nodeId: string) => 'customUserTask_' + nodeId.replace(/\W/g, '_');
const CHOSEN = /^\s*\$\{\s*customUserTask_\w+\s*\}\s*$/;
/** Whether a value is a 发起人自选 expression (any node's: an id may have changed since). */
export const isChosenExpr = (v: string) => CHOSEN.test(v);

export function chooserOf(bo: BO): Chooser | null {
  const v = flowableAttr(bo, 'initiatorChooses');
  return v === 'single' || v === 'multiple' ? v : null;
}

/** Marks a user task 发起人自选 (one person or several) or takes the mark and its expressions off (null). */
export function setChooser(m: ModelerLike, el: DElement, kind: Chooser | null): void {
  const bo = el.businessObject;
  const expr = '${' + chooserVariable(bo.id) + '}';
  const mi = multiInstanceOf(bo);
  const props: Record<string, string | undefined> = { initiatorChooses: kind ?? undefined };
  if (!kind) {
    // taking the mark off: only what the chooser wrote goes
    if (mi.enabled && isChosenExpr(mi.collection)) setMultiInstance(m, el, { ...mi, collection: 'assigneeList' });
    if (isChosenExpr(flowableAttr(bo, 'assignee'))) props.assignee = undefined;
    if (isChosenExpr(flowableAttr(bo, 'candidateUsers'))) props.candidateUsers = undefined;
  } else if (kind === 'multiple' && mi.enabled) {
    const ev = mi.elementVariable || 'assignee';
    setMultiInstance(m, el, { ...mi, collection: expr, elementVariable: ev });
    Object.assign(props, { assignee: '${' + ev + '}', candidateUsers: undefined, candidateGroups: undefined });
  } else {
    // one person, or several candidates: a multi-instance collection of ours no longer applies
    if (mi.enabled && isChosenExpr(mi.collection)) setMultiInstance(m, el, { ...mi, collection: 'assigneeList' });
    Object.assign(props, { assignee: kind === 'single' ? expr : undefined, candidateUsers: kind === 'multiple' ? expr : undefined, candidateGroups: undefined });
  }
  // one command; the same attributes of the other dialects go (as setFlowableAttr does)
  for (const p of ['activiti', 'camunda']) for (const n of Object.keys(props)) delete bo.$attrs?.[`${p}:${n}`];
  S.modeling(m).updateProperties(el, Object.fromEntries(Object.entries(props).map(([k, v]) => [`flowable:${k}`, v])));
}

export function conditionOf(bo: BO): string {
  return bo.conditionExpression?.body ?? '';
}

export function setCondition(m: ModelerLike, el: DElement, text: string): void {
  const cond = text.trim() ? S.moddle(m).create('bpmn:FormalExpression', { body: text.trim() }) : undefined;
  if (cond) cond.$parent = el.businessObject;
  S.modeling(m).updateProperties(el, { conditionExpression: cond });
}

/** The executable process of the diagram (the root, or the first participant's process). */
export function processOf(m: ModelerLike): { el: DElement; bo: BO } | null {
  const root = S.canvas(m).getRootElement();
  const bo = root.businessObject;
  if (bo.$type === 'bpmn:Process') return { el: root, bo };
  const parts = (bo.participants as BO[] | undefined) ?? [];
  const p = parts.find((x) => (x.processRef as BO | undefined)?.isExecutable)?.processRef as BO | undefined;
  const el = p ? S.registry(m).filter((e) => e.businessObject.processRef === p)[0] : undefined;
  return p && el ? { el, bo: p } : null;
}

export const ID_PATTERN = /^[A-Za-z_][\w.-]*$/;

/** Reads a file the user picked as text. */
export const readText = (file: File) => file.text();

/** Hands a text or blob to the browser as a download. */
export function download(name: string, data: string, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
