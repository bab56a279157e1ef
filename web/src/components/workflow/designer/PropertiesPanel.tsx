// Properties of the selected diagram element, written through bpmn-js modeling (undoable) in the
// attributes the engine reads (server/src/modules/workflow/engine/model.ts): flowable:assignee,
// candidateUsers, candidateGroups (or 发起人自选: ${customUserTask_<id>}, see bpmn.ts setChooser),
// formKey, buttons, fieldRights (per-field hidden / read / write / required), rejectTarget,
// multi-instance collection / elementVariable / completionCondition, sequence-flow conditions,
// listeners. With nothing selected it shows the process: its name and the comment display
// options, which the server reads from the model's settings (§2.6).
import { useEffect, useMemo, useState } from 'react';
import { Alert, Checkbox, Collapse, Empty, Form, Radio, Select, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { deptTree, roleTree, treeOptions, type TreeOption } from '../../../api/message';
import { formApi, formFields, usersByIds, type FormRow, type ModelSettings } from '../../../pages/workflow/design/api';
import {
  chooserOf,
  chooserVariable,
  conditionOf,
  flowableAttr,
  ID_PATTERN,
  isType,
  listenersOf,
  multiInstanceOf,
  S,
  setChooser,
  setCondition,
  setFlowableAttr,
  setListeners,
  setMultiInstance,
  type Chooser,
  type DElement,
  type ModelerLike,
  type MultiInstance,
} from './bpmn';
import { CheckedTreeSelect, CommitInput, ListenerTable, PeopleField } from './fields';
import { buttonChoices, DEFAULT_BUTTONS, type ButtonSetting } from './buttons';

export { DEFAULT_BUTTONS };

export interface PanelProps {
  modeler: ModelerLike;
  element: DElement;
  /** Bumped on every diagram change, so the panel reads the element again. */
  version: number;
  forms: FormRow[];
  /** The tenant's button set (流程按钮): names, order and display of the engine's buttons. */
  buttons: ButtonSetting[];
  settings: ModelSettings;
  onSettingsChange: (s: ModelSettings) => void;
  /** The start event's form: the model's form as well (the start screen reads the model's). */
  onStartForm: (formKey: string | null) => void;
}

type Right = 'hidden' | 'read' | 'write' | 'required';
const csv = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean);
const isExpr = (v: string) => v.includes('${') || v.includes('#{');

function flatKeys(nodes: TreeOption[], out = new Set<string>()): Set<string> {
  for (const n of nodes) {
    out.add(n.value);
    if (n.children) flatKeys(n.children, out);
  }
  return out;
}

export function PropertiesPanel(p: PanelProps) {
  const { t } = useTranslation();
  const { modeler, element } = p;
  const bo = element.businessObject;
  const type = bo.$type;
  const isRoot = type === 'bpmn:Process' || type === 'bpmn:Collaboration';
  const isUserTask = type === 'bpmn:UserTask';
  const isStart = type === 'bpmn:StartEvent';
  const isFlow = type === 'bpmn:SequenceFlow';
  const attr = (name: string) => flowableAttr(bo, name);
  const set = (name: string, v: string | undefined) => setFlowableAttr(modeler, element, name, v);
  const modeling = S.modeling(modeler);

  const sections = [
    {
      key: 'general',
      label: t('wfd.panel.general'),
      children: (
        <>
          <Form.Item label={t('wfd.panel.id')}>
            <CommitInput
              id="wf-prop-id"
              value={bo.id}
              disabled={isRoot}
              validate={(v) => {
                if (!ID_PATTERN.test(v)) return t('wfd.panel.idInvalid');
                const other = S.registry(modeler).get(v);
                if (other && other.businessObject !== bo) return t('wfd.panel.idTaken');
                return null;
              }}
              onCommit={(v) => modeling.updateProperties(element, { id: v })}
            />
            {isRoot && <Typography.Text type="secondary" className="wf-prop-help">{t('wfd.panel.processIdHelp')}</Typography.Text>}
          </Form.Item>
          <Form.Item label={t('wfd.panel.name')}>
            <CommitInput id="wf-prop-name" value={bo.name ?? ''} onCommit={(v) => modeling.updateProperties(element, { name: v || undefined })} />
          </Form.Item>
          <Typography.Text type="secondary" className="wf-prop-type">
            {t(`wfd.type.${type.replace('bpmn:', '')}`, { defaultValue: type.replace('bpmn:', '') })}
          </Typography.Text>
        </>
      ),
    },
  ];
  if (isRoot) sections.push({ key: 'comment', label: t('wfd.panel.commentDisplay'), children: <CommentSettings settings={p.settings} onChange={p.onSettingsChange} /> });
  if (isStart) {
    sections.push({
      key: 'start',
      label: t('wfd.panel.start'),
      children: (
        <>
          <Form.Item label={t('wfd.panel.initiator')} tooltip={t('wfd.panel.initiatorHelp')}>
            <CommitInput id="wf-prop-initiator" value={attr('initiator')} placeholder="initiator" onCommit={(v) => set('initiator', v)} />
          </Form.Item>
          <Form.Item label={t('wfd.panel.startForm')}>
            <FormSelect
              id="wf-prop-start-form"
              forms={p.forms}
              value={attr('formKey')}
              onChange={(v) => {
                set('formKey', v);
                p.onStartForm(v || null);
              }}
            />
          </Form.Item>
        </>
      ),
    });
  }
  if (isUserTask) {
    sections.push({ key: 'assign', label: t('wfd.panel.assignment'), children: <Assignment {...p} /> });
    sections.push({ key: 'form', label: t('wfd.panel.form'), children: <TaskForm {...p} /> });
    sections.push({ key: 'buttons', label: t('wfd.panel.buttons'), children: <Buttons {...p} /> });
    sections.push({ key: 'mi', label: t('wfd.panel.multiInstance'), children: <MultiInstanceSection {...p} /> });
  }
  if (isFlow) {
    const src = bo.sourceRef;
    const isDefault = !!src && src.default === bo;
    sections.push({
      key: 'condition',
      label: t('wfd.panel.condition'),
      children: (
        <>
          <Form.Item label={t('wfd.panel.conditionExpression')} extra={t('wfd.panel.conditionHelp')}>
            <CommitInput id="wf-prop-condition" textarea value={conditionOf(bo)} placeholder="${days > 3}" disabled={isDefault} onCommit={(v) => setCondition(modeler, element, v)} />
          </Form.Item>
          {src && (src.$type === 'bpmn:ExclusiveGateway' || src.$type === 'bpmn:InclusiveGateway') && (
            <Checkbox
              checked={isDefault}
              onChange={(e) => {
                const srcEl = S.registry(modeler).get(src.id);
                if (!srcEl) return;
                if (e.target.checked) setCondition(modeler, element, '');
                modeling.updateProperties(srcEl, { default: e.target.checked ? bo : undefined });
              }}
            >
              {t('wfd.panel.defaultFlow')}
            </Checkbox>
          )}
        </>
      ),
    });
  }
  if (!isType(element, 'bpmn:Collaboration') && !isType(element, 'bpmn:Participant') && !type.startsWith('bpmn:Text') && type !== 'bpmn:Association' && type !== 'label') {
    sections.push({
      key: 'listeners',
      label: t('wfd.panel.listeners'),
      children: (
        <>
          <ListenerTable value={listenersOf(bo)} kinds={isUserTask ? ['task', 'execution'] : ['execution']} onChange={(l) => setListeners(modeler, element, l)} />
          <Typography.Text type="secondary" className="wf-prop-help">{t('wfd.panel.listenerHelp')}</Typography.Text>
        </>
      ),
    });
  }

  return (
    <Form layout="vertical" size="small" className="wf-props" key={element.id}>
      <Collapse size="small" defaultActiveKey={sections.map((s) => s.key)} items={sections} />
    </Form>
  );
}

function CommentSettings({ settings, onChange }: { settings: ModelSettings; onChange: (s: ModelSettings) => void }) {
  const { t } = useTranslation();
  const flag = (k: keyof ModelSettings) => (
    <Checkbox key={k} className={`wf-setting-${k}`} checked={!!settings[k]} onChange={(e) => onChange({ ...settings, [k]: e.target.checked })}>
      {t(`wfd.settings.${k}`)}
    </Checkbox>
  );
  return (
    <>
      <Form.Item label={t('wfd.settings.hideComment')}>
        <Switch className="wf-setting-hideComment" checked={!!settings.hideComment} onChange={(v) => onChange({ ...settings, hideComment: v })} />
      </Form.Item>
      {!settings.hideComment && (
        <>
          <div className="wf-prop-checks">
            {flag('commentShowName')}
            {flag('commentShowDept')}
            {flag('commentShowNodeName')}
            {flag('commentShowDate')}
          </div>
          {settings.commentShowDate && (
            <Form.Item label={t('wfd.settings.commentShowDateFormat')}>
              <CommitInput
                id="wf-setting-date-format"
                value={settings.commentShowDateFormat ?? ''}
                placeholder="YYYY-MM-DD HH:mm"
                onCommit={(v) => onChange({ ...settings, commentShowDateFormat: v || undefined })}
              />
            </Form.Item>
          )}
          <Form.Item label={t('wfd.settings.commentComponent')} tooltip={t('wfd.settings.commentComponentHelp')}>
            <CommitInput value={settings.commentComponent ?? ''} placeholder="approvalOpinion" onCommit={(v) => onChange({ ...settings, commentComponent: v || undefined })} />
          </Form.Item>
          <Form.Item label={t('wfd.settings.commentAssignmentMode')}>
            <Select
              allowClear
              value={settings.commentAssignmentMode}
              options={['append', 'cover'].map((v) => ({ value: v, label: t(`wfd.settings.mode.${v}`) }))}
              onChange={(v) => onChange({ ...settings, commentAssignmentMode: v })}
            />
          </Form.Item>
        </>
      )}
      <Typography.Text type="secondary" className="wf-prop-help">{t('wfd.settings.savedWithModel')}</Typography.Text>
    </>
  );
}

function FormSelect({ forms, value, onChange, id }: { forms: FormRow[]; value: string; onChange: (v: string) => void; id?: string }) {
  const { t } = useTranslation();
  const options = forms.map((f) => ({ value: f.formKey, label: `${f.name} (${f.formKey})` }));
  if (value && !forms.some((f) => f.formKey === value)) options.unshift({ value, label: value });
  return (
    <Select
      id={id}
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder={t('wfd.panel.chooseForm')}
      value={value || undefined}
      options={options}
      onChange={(v?: string) => onChange(v ?? '')}
    />
  );
}

/** Assignee (a person, the initiator or an expression), candidate users, candidate groups (roles, departments). */
function Assignment({ modeler, element }: PanelProps) {
  const { t } = useTranslation();
  const bo = element.businessObject;
  const assignee = flowableAttr(bo, 'assignee');
  const candUsers = csv(flowableAttr(bo, 'candidateUsers'));
  const groups = csv(flowableAttr(bo, 'candidateGroups'));
  const [names, setNames] = useState(new Map<string, string>());
  const [roles, setRoles] = useState<TreeOption[]>([]);
  const [depts, setDepts] = useState<TreeOption[]>([]);
  const initiatorVar = useMemo(() => {
    const start = S.registry(modeler).filter((e) => e.type === 'bpmn:StartEvent' && e.businessObject.$parent?.$type === 'bpmn:Process')[0];
    return (start && flowableAttr(start.businessObject, 'initiator')) || 'initiator';
  }, [modeler]);
  const initiatorExpr = `\${${initiatorVar}}`;
  const chooser = chooserOf(bo);
  const initialMode = chooser ? 'chosen' : !assignee ? 'none' : assignee === initiatorExpr ? 'initiator' : isExpr(assignee) ? 'expression' : 'user';
  const [mode, setMode] = useState<'none' | 'user' | 'initiator' | 'expression' | 'chosen'>(initialMode);
  // a mode waiting for its first value (a person, an expression) stays chosen while nothing is assigned
  useEffect(() => setMode((cur) => (initialMode === 'none' && (cur === 'user' || cur === 'expression') ? cur : initialMode)), [element.id, initialMode]);
  const chooserExpr = '${' + chooserVariable(bo.id) + '}';
  const isMulti = multiInstanceOf(bo).enabled;

  useEffect(() => {
    void roleTree().then((r) => setRoles(treeOptions(r)), () => undefined);
    void deptTree().then((d) => setDepts(treeOptions(d)), () => undefined);
  }, []);
  const people = [...(isExpr(assignee) || !assignee ? [] : [assignee]), ...candUsers.filter((u) => !isExpr(u))];
  const peopleKey = people.join(',');
  useEffect(() => {
    const missing = people.filter((id) => !names.has(id));
    if (!missing.length) return;
    void usersByIds(missing).then((rows) =>
      setNames((m) => {
        const n = new Map(m);
        for (const r of rows) n.set(String(r.id), r.realName || r.name || r.account);
        return n;
      }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [peopleKey]);
  const remember = (list: { id: string; realName?: string | null; name?: string | null; account: string }[]) =>
    setNames((m) => {
      const n = new Map(m);
      for (const r of list) n.set(String(r.id), r.realName || r.name || r.account || String(r.id));
      return n;
    });

  const roleKeys = flatKeys(roles);
  const deptKeys = flatKeys(depts);
  const roleVals = groups.filter((g) => roleKeys.has(g));
  const deptVals = groups.filter((g) => deptKeys.has(g) && !roleKeys.has(g));
  const otherVals = groups.filter((g) => !roleKeys.has(g) && !deptKeys.has(g));
  const loaded = roles.length > 0 || depts.length > 0;
  const setGroups = (r: string[], d: string[], o: string[]) => setFlowableAttr(modeler, element, 'candidateGroups', [...r, ...d, ...o].join(','));

  return (
    <>
      <Form.Item label={t('wfd.panel.assignee')}>
        <Radio.Group
          className="wf-assignee-mode"
          size="small"
          optionType="button"
          value={mode}
          onChange={(e) => {
            const m = e.target.value as typeof mode;
            setMode(m);
            if (m === 'chosen') {
              setChooser(modeler, element, isMulti ? 'multiple' : 'single');
              return;
            }
            if (chooser) setChooser(modeler, element, null);
            if (m === 'none') setFlowableAttr(modeler, element, 'assignee', '');
            if (m === 'initiator') setFlowableAttr(modeler, element, 'assignee', initiatorExpr);
          }}
          options={(['user', 'initiator', 'chosen', 'expression', 'none'] as const).map((v) => ({ value: v, label: t(`wfd.panel.assigneeMode.${v}`) }))}
        />
      </Form.Item>
      {mode === 'chosen' && (
        <>
          <Form.Item label={t('wfd.panel.chooserKind')} extra={t(chooser === 'multiple' ? 'wfd.panel.chooserMultipleHelp' : 'wfd.panel.chooserSingleHelp')}>
            <Radio.Group
              className="wf-chooser-kind"
              size="small"
              optionType="button"
              value={chooser ?? 'single'}
              onChange={(e) => setChooser(modeler, element, e.target.value as Chooser)}
              options={(['single', 'multiple'] as const).map((v) => ({ value: v, label: t(`wfd.panel.chooser.${v}`) }))}
            />
          </Form.Item>
          <Alert type="info" showIcon className="wf-chooser-help" message={t('wfd.panel.chooserHelp', { expr: chooserExpr })} style={{ marginBottom: 8 }} />
        </>
      )}
      {mode === 'user' && (
        <Form.Item>
          <PeopleField
            className="wf-assignee"
            mode="radio"
            ids={assignee && !isExpr(assignee) ? [assignee] : []}
            names={names}
            onChange={(list) => {
              remember(list);
              setFlowableAttr(modeler, element, 'assignee', list[0] ? String(list[0].id) : '');
            }}
          />
        </Form.Item>
      )}
      {mode === 'initiator' && <Alert type="info" showIcon message={t('wfd.panel.initiatorAssignee', { expr: initiatorExpr })} style={{ marginBottom: 8 }} />}
      {mode === 'expression' && (
        <Form.Item extra={t('wfd.panel.assigneeExprHelp')}>
          <CommitInput id="wf-prop-assignee-expr" value={isExpr(assignee) ? assignee : ''} placeholder="${leader}" onCommit={(v) => setFlowableAttr(modeler, element, 'assignee', v)} />
        </Form.Item>
      )}
      {mode !== 'chosen' && (
        <>
          <Form.Item label={t('wfd.panel.candidateUsers')}>
            <PeopleField
              className="wf-candidate-users"
              mode="checkbox"
              ids={candUsers}
              names={names}
              onChange={(list) => {
                remember(list);
                setFlowableAttr(modeler, element, 'candidateUsers', list.map((x) => String(x.id)).join(','));
              }}
            />
          </Form.Item>
          <Form.Item label={t('wfd.panel.candidateRoles')}>
            <CheckedTreeSelect className="wf-candidate-roles" treeData={roles} value={roleVals} placeholder={t('wfd.panel.chooseRoles')} onChange={(ids) => setGroups(ids, deptVals, otherVals)} />
          </Form.Item>
          <Form.Item label={t('wfd.panel.candidateDepts')}>
            <CheckedTreeSelect className="wf-candidate-depts" treeData={depts} value={deptVals} placeholder={t('wfd.panel.chooseDepts')} onChange={(ids) => setGroups(roleVals, ids, otherVals)} />
          </Form.Item>
          {loaded && otherVals.length > 0 && (
            <Form.Item label={t('wfd.panel.otherGroups')} extra={t('wfd.panel.otherGroupsHelp')}>
              <CommitInput value={otherVals.join(',')} onCommit={(v) => setGroups(roleVals, deptVals, csv(v))} />
            </Form.Item>
          )}
        </>
      )}
    </>
  );
}

/** Props the form design itself marks required (they start as 必填 in a task's rights). */
function requiredProps(content: string | null | undefined): Set<string> {
  try {
    const o = JSON.parse(content || '{}') as { column?: { prop?: string; required?: boolean }[]; group?: { column?: { prop?: string; required?: boolean }[] }[] };
    const cols = [...(o.column ?? []), ...(o.group ?? []).flatMap((g) => g.column ?? [])];
    return new Set(cols.filter((c) => c.prop && c.required).map((c) => c.prop!));
  } catch {
    return new Set();
  }
}

const rightOf = (v: unknown): Right => {
  if (typeof v === 'string') return v === 'hidden' || v === 'read' || v === 'required' ? v : 'write';
  if (v && typeof v === 'object') {
    const o = v as { readable?: boolean; writable?: boolean; required?: boolean };
    if (o.readable === false) return 'hidden';
    if (o.writable !== true) return 'read';
    return o.required ? 'required' : 'write';
  }
  return 'write';
};

/** The task's form and, per field of that form, readable / writable / required. */
function TaskForm({ modeler, element, forms }: PanelProps) {
  const { t } = useTranslation();
  const bo = element.businessObject;
  const formKey = flowableAttr(bo, 'formKey');
  const rightsText = flowableAttr(bo, 'fieldRights');
  const [fields, setFields] = useState<{ prop: string; label: string }[] | null>(null);
  useEffect(() => {
    let live = true;
    setFields(null);
    const known = forms.find((f) => f.formKey === formKey);
    if (!formKey) return;
    const load = known?.content !== undefined ? Promise.resolve(known as FormRow | null) : formApi.byKey(formKey);
    void load.then((f) => live && setFields(formFields(f?.content)), () => live && setFields([]));
    return () => {
      live = false;
    };
  }, [formKey, forms]);
  const rights = useMemo(() => {
    try {
      return (rightsText ? JSON.parse(rightsText) : {}) as Record<string, unknown>;
    } catch {
      return {};
    }
  }, [rightsText]);
  const writeRight = (prop: string, r: Right) => {
    const all: Record<string, Right> = {};
    for (const f of fields ?? []) all[f.prop] = rightOf(rights[f.prop]);
    all[prop] = r;
    setFlowableAttr(modeler, element, 'fieldRights', JSON.stringify(all));
  };
  const row = (f: { prop: string; label: string }) => {
    const r = rightOf(rights[f.prop]);
    return { ...f, r, readable: r !== 'hidden', writable: r === 'write' || r === 'required', required: r === 'required' };
  };
  return (
    <>
      <Form.Item label={t('wfd.panel.taskForm')} extra={t('wfd.panel.taskFormHelp')}>
        <FormSelect
          id="wf-prop-task-form"
          forms={forms}
          value={formKey}
          onChange={(v) => {
            setFlowableAttr(modeler, element, 'formKey', v);
            // rights of another form do not carry over
            setFlowableAttr(modeler, element, 'fieldRights', '');
            if (!v) return;
            // the table shows every field writable until changed: store that, or the detail page
            // (no rights at all) would leave the form to the initiator only
            const known = forms.find((f) => f.formKey === v);
            const load = known?.content !== undefined ? Promise.resolve(known as FormRow | null) : formApi.byKey(v);
            void load.then((f) => {
              // another form chosen meanwhile, or rights already set by hand: leave them
              if (flowableAttr(element.businessObject, 'formKey') !== v || flowableAttr(element.businessObject, 'fieldRights')) return;
              const required = requiredProps(f?.content);
              setFlowableAttr(modeler, element, 'fieldRights', JSON.stringify(Object.fromEntries(formFields(f?.content).map((x) => [x.prop, required.has(x.prop) ? 'required' : 'write']))));
            }, () => undefined);
          }}
        />
      </Form.Item>
      {formKey && fields === null && <Typography.Text type="secondary">{t('common.loading')}</Typography.Text>}
      {formKey && fields && (
        <Table
          className="wf-field-rights"
          size="small"
          pagination={false}
          rowKey="prop"
          dataSource={fields.map(row)}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wfd.panel.noFields')} /> }}
          columns={[
            { title: t('wfd.panel.field'), dataIndex: 'label', ellipsis: true, render: (v: string, r) => <span title={r.prop}>{v}</span> },
            {
              title: t('wfd.panel.readable'),
              dataIndex: 'readable',
              width: 52,
              render: (v: boolean, r) => <Checkbox className={`wf-right-read-${r.prop}`} checked={v} onChange={(e) => writeRight(r.prop, e.target.checked ? 'read' : 'hidden')} />,
            },
            {
              title: t('wfd.panel.writable'),
              dataIndex: 'writable',
              width: 52,
              render: (v: boolean, r) => <Checkbox className={`wf-right-write-${r.prop}`} checked={v} onChange={(e) => writeRight(r.prop, e.target.checked ? 'write' : 'read')} />,
            },
            {
              title: t('wfd.panel.required'),
              dataIndex: 'required',
              width: 52,
              render: (v: boolean, r) => <Checkbox className={`wf-right-required-${r.prop}`} checked={v} onChange={(e) => writeRight(r.prop, e.target.checked ? 'required' : 'write')} />,
            },
          ]}
        />
      )}
    </>
  );
}

/** Which buttons the task offers (none chosen: the engine offers all). */
function Buttons({ modeler, element, buttons }: PanelProps) {
  const { t } = useTranslation();
  const bo = element.businessObject;
  const chosen = csv(flowableAttr(bo, 'buttons'));
  const custom = chosen.length > 0;
  const rejectTarget = flowableAttr(bo, 'rejectTarget');
  const userTasks = S.registry(modeler).filter((e) => e.type === 'bpmn:UserTask' && e.id !== element.id);
  const known = buttonChoices(buttons, (k) => t(`wfd.button.${k}`));
  return (
    <>
      <Form.Item label={t('wfd.panel.customButtons')} extra={custom ? undefined : t('wfd.panel.allButtons')}>
        <Switch
          className="wf-custom-buttons"
          checked={custom}
          onChange={(on) => setFlowableAttr(modeler, element, 'buttons', on ? 'wf_pass,wf_reject' : '')}
        />
      </Form.Item>
      {custom && (
        <Checkbox.Group
          className="wf-button-checks"
          value={chosen}
          options={known.map((b) => ({
            value: b.key,
            // a button the set hides stays choosable when chosen already, marked, so it can be taken off
            disabled: b.hidden && !chosen.includes(b.key),
            label: b.hidden ? (
              <span className="wf-button-hidden">
                {b.name} <Tag className="wf-tag-hidden">{t('wfs.button.hidden')}</Tag>
              </span>
            ) : (
              b.name
            ),
          }))}
          onChange={(v) => setFlowableAttr(modeler, element, 'buttons', (v as string[]).join(',') || 'wf_pass')}
        />
      )}
      <Form.Item label={t('wfd.panel.rejectTarget')} style={{ marginTop: 8 }}>
        <Select
          allowClear
          placeholder={t('wfd.panel.reject.initiator')}
          value={rejectTarget || undefined}
          options={[
            { value: 'initiator', label: t('wfd.panel.reject.initiator') },
            { value: 'previous', label: t('wfd.panel.reject.previous') },
            { value: 'end', label: t('wfd.panel.reject.end') },
            ...userTasks.map((u) => ({ value: u.id, label: `${u.businessObject.name || u.id}` })),
          ]}
          onChange={(v?: string) => setFlowableAttr(modeler, element, 'rejectTarget', v ?? '')}
        />
      </Form.Item>
    </>
  );
}

function MultiInstanceSection({ modeler, element }: PanelProps) {
  const { t } = useTranslation();
  const mi = multiInstanceOf(element.businessObject);
  const chooser = chooserOf(element.businessObject);
  const save = (patch: Partial<MultiInstance>) => {
    setMultiInstance(modeler, element, { ...mi, ...patch });
    // 发起人自选 several people: a collection of the chosen people when multi-instance, candidates when not
    if (chooser === 'multiple' && patch.enabled !== undefined) setChooser(modeler, element, 'multiple');
  };
  return (
    <>
      <Form.Item label={t('wfd.panel.miType')}>
        <Radio.Group
          className="wf-mi-type"
          size="small"
          optionType="button"
          value={mi.enabled ? (mi.sequential ? 'sequential' : 'parallel') : 'none'}
          onChange={(e) => {
            const v = e.target.value as string;
            if (v === 'none') save({ enabled: false });
            else save({ enabled: true, sequential: v === 'sequential', collection: mi.collection || 'assigneeList', elementVariable: mi.elementVariable || 'assignee' });
          }}
          options={['none', 'parallel', 'sequential'].map((v) => ({ value: v, label: t(`wfd.panel.mi.${v}`) }))}
        />
      </Form.Item>
      {mi.enabled && (
        <>
          <Form.Item label={t('wfd.panel.collection')} extra={chooser === 'multiple' ? t('wfd.panel.chooserCollection', { expr: mi.collection }) : t('wfd.panel.collectionHelp')}>
            <CommitInput id="wf-prop-collection" value={mi.collection} placeholder="assigneeList" disabled={chooser === 'multiple'} onCommit={(v) => save({ collection: v })} />
          </Form.Item>
          <Form.Item label={t('wfd.panel.elementVariable')}>
            <CommitInput id="wf-prop-element-variable" value={mi.elementVariable} placeholder="assignee" onCommit={(v) => save({ elementVariable: v })} />
          </Form.Item>
          <Form.Item label={t('wfd.panel.completionCondition')} extra={t('wfd.panel.completionHelp')}>
            <CommitInput id="wf-prop-completion" value={mi.completionCondition} placeholder="${nrOfCompletedInstances == nrOfInstances}" onCommit={(v) => save({ completionCondition: v })} />
          </Form.Item>
          {mi.elementVariable && !flowableAttr(element.businessObject, 'assignee') && (
            <Tag color="warning" className="wf-prop-hint">{t('wfd.panel.miAssigneeHint', { expr: '${' + mi.elementVariable + '}' })}</Tag>
          )}
        </>
      )}
    </>
  );
}

