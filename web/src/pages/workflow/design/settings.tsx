// Model-level settings (000 §3 "Submit validation config", "Submit-after config", §5): who may
// start the process (model scope), whether an assignee must be chosen at start, the configured
// submit checks (js / sql), what happens after a successful submit, the pre-read notice of the
// start page (§2.7) and the print template (process/printTemplate fills its placeholders).
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Button, Card, Empty, Form, Input, InputNumber, Modal, Radio, Select, Space, Spin, Switch, Tabs, Tag, Typography, Upload, message } from 'antd';
import { DeleteOutlined, PaperClipOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { deptTree, roleTree, treeOptions, type TreeOption } from '../../../api/message';
import { putFile } from '../../../api/system';
import { withProgressCard } from '../../../components/transfer';
import { CheckedTreeSelect, PeopleField } from '../../../components/workflow/designer/fields';
import { formApi, formFields, modelApi, usersByIds, type Model, type ModelSettings, type PreReadSetting, type PrintTemplate, type ScopeRow, type SubmitAfter, type SubmitCheck } from './api';

const RichEditor = lazy(() => import('../../../components/workflow/form-richtext'));
/** What the server's preReadOf accepts: up to 3 files, readTime 1..9999 seconds. */
const MAX_PRE_READ_FILES = 3;
/** Placeholders process/printTemplate fills besides the form's own ${prop}. */
const PRINT_BUILT_INS = ['processDefinitionName', 'startUser', 'startTime', 'status', 'approvals'] as const;

const SUBMIT_TYPES = ['start', 'pass', 'reject', 'terminate', 'withdraw', 'recall', 'revocation', 'transfer', 'delegate', 'add'];
const csv = (v: string | undefined) => String(v ?? '').split(',').map((s) => s.trim()).filter(Boolean);

interface Scope {
  all: boolean;
  users: string[];
  roles: string[];
  depts: string[];
}

export function ModelSettingsDialog({
  open,
  model,
  formKey,
  settings,
  onClose,
  onSave,
}: {
  open: boolean;
  model: Model;
  /** the start form as the designer holds it (may be newer than the saved model's) */
  formKey?: string | null;
  settings: ModelSettings;
  onClose: () => void;
  onSave: (s: ModelSettings) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ModelSettings>(settings);
  const [scope, setScope] = useState<Scope | null>(null);
  const [names, setNames] = useState(new Map<string, string>());
  const [roles, setRoles] = useState<TreeOption[]>([]);
  const [depts, setDepts] = useState<TreeOption[]>([]);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [fields, setFields] = useState<{ prop: string; label: string }[]>([]);

  useEffect(() => {
    if (!open) return;
    setFields([]);
    if (formKey) void formApi.byKey(formKey).then((f) => setFields(formFields(f?.content)), () => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, formKey]);

  useEffect(() => {
    if (!open) return;
    setDraft(settings);
    setErrors([]);
    setScope(null);
    void roleTree().then((r) => setRoles(treeOptions(r)), () => undefined);
    void deptTree().then((d) => setDepts(treeOptions(d)), () => undefined);
    void modelApi.scopes(model.id).then(async (page) => {
      const rows = page.records ?? [];
      const pick = (type: ScopeRow['scopeType']) => rows.filter((r) => r.scopeType === type).flatMap((r) => csv(r.val));
      const next = { all: !rows.length || rows.some((r) => r.scopeType === 'all'), users: pick('user'), roles: pick('role'), depts: pick('dept') };
      const people = await usersByIds(next.users).catch(() => []);
      setNames(new Map(people.map((p) => [String(p.id), p.realName || p.name || p.account])));
      setScope(next);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, model.id]);

  const checks = draft.submitValidate ?? [];
  const afters = draft.submitAfter ?? [];
  const setCheck = (i: number, patch: Partial<SubmitCheck>) => setDraft({ ...draft, submitValidate: checks.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  const setAfter = (i: number, patch: Partial<SubmitAfter>) => setDraft({ ...draft, submitAfter: afters.map((c, j) => (j === i ? { ...c, ...patch } : c)) });

  const validate = (): string[] => {
    const out: string[] = [];
    checks.forEach((c, i) => {
      if (c.validateType === 'js' && !c.diyJS?.trim()) out.push(t('wfd.settings.checkScriptRequired', { n: i + 1 }));
      if (c.validateType === 'sql' && !c.diySql?.trim()) out.push(t('wfd.settings.checkSqlRequired', { n: i + 1 }));
    });
    afters.forEach((a, i) => {
      if (a.jumpType === 'newPage' && !a.jumpAddress?.trim()) out.push(t('wfd.settings.jumpAddressRequired', { n: i + 1 }));
    });
    const pr = draft.preRead;
    if (pr?.enable && !pr.title?.trim() && !pr.content && !pr.files?.length) out.push(t('wfd.settings.preReadEmpty'));
    const tpl = draft.printTemplate;
    if (tpl && Number(tpl.status ?? 1) === 1 && tpl.templateName?.trim() && !tpl.content?.trim()) out.push(t('wfd.settings.printContentRequired'));
    if (scope && !scope.all && !scope.users.length && !scope.roles.length && !scope.depts.length) out.push(t('wfd.settings.scopeRequired'));
    return out;
  };

  const save = async () => {
    const errs = validate();
    setErrors(errs);
    if (errs.length) return;
    setSaving(true);
    try {
      await onSave(draft);
      if (scope) {
        const rows: ScopeRow[] = scope.all
          ? []
          : [
              ...(scope.users.length ? [{ scopeType: 'user' as const, val: scope.users.join(',') }] : []),
              ...(scope.roles.length ? [{ scopeType: 'role' as const, val: scope.roles.join(',') }] : []),
              ...(scope.depts.length ? [{ scopeType: 'dept' as const, val: scope.depts.join(',') }] : []),
            ];
        await modelApi.saveScopes(model.id, rows);
      }
      message.success(t('common.success'));
      onClose();
    } finally {
      setSaving(false);
    }
  };

  const preRead: PreReadSetting = draft.preRead ?? {};
  const setPreRead = (patch: Partial<PreReadSetting>) => setDraft((d) => ({ ...d, preRead: { ...(d.preRead ?? {}), ...patch } }));
  const preFiles = preRead.files ?? [];
  const print: PrintTemplate = draft.printTemplate ?? {};
  const setPrint = (patch: Partial<PrintTemplate>) => setDraft((d) => ({ ...d, printTemplate: { status: 1, ...(d.printTemplate ?? {}), ...patch } }));
  const upload = async (file: File) => {
    try {
      const r = await withProgressCard(file.name, (onProgress) => putFile(file, undefined, { onProgress }));
      setDraft((d) => ({ ...d, preRead: { ...(d.preRead ?? {}), files: [...(d.preRead?.files ?? []), { name: r.originalName || file.name, url: r.link }] } }));
    } catch (e) {
      message.error(`${t('wfd.settings.uploadFailed')}${(e as Error).message ?? ''}`);
    }
  };

  const typeSelect = (value: string, onChange: (v: string) => void) => (
    <Select size="small" style={{ width: 130 }} value={value} onChange={onChange} options={SUBMIT_TYPES.map((v) => ({ value: v, label: t(`wfd.submitType.${v}`) }))} />
  );

  return (
    <Modal
      open={open}
      title={`${t('wfd.settings.title')} · ${model.name}`}
      width={820}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('common.save')}
      confirmLoading={saving}
      destroyOnHidden
      className="wf-settings-dialog"
      styles={{ body: { maxHeight: '64vh', overflowY: 'auto' } }}
    >
      {errors.length > 0 && (
        <Typography.Paragraph type="danger" className="wf-settings-errors">
          {errors.join(' | ')}
        </Typography.Paragraph>
      )}
      <Tabs
        items={[
          {
            key: 'start',
            label: t('wfd.settings.tabStart'),
            children: (
              <Form layout="vertical">
                <Form.Item label={t('wfd.settings.assigneeRequired')} extra={t('wfd.settings.assigneeRequiredHelp')}>
                  <Switch className="wf-setting-assigneeRequired" checked={!!draft.assigneeRequired} onChange={(v) => setDraft({ ...draft, assigneeRequired: v })} />
                </Form.Item>
                <Form.Item label={t('wfd.settings.scope')} extra={t('wfd.settings.scopeHelp')}>
                  {!scope ? (
                    <Typography.Text type="secondary">{t('common.loading')}</Typography.Text>
                  ) : (
                    <Radio.Group
                      className="wf-scope-mode"
                      value={scope.all ? 'all' : 'some'}
                      onChange={(e) => setScope({ ...scope, all: e.target.value === 'all' })}
                      options={[
                        { value: 'all', label: t('wfd.settings.scopeAll') },
                        { value: 'some', label: t('wfd.settings.scopeSome') },
                      ]}
                    />
                  )}
                </Form.Item>
                {scope && !scope.all && (
                  <>
                    <Form.Item label={t('wfd.settings.scopeUsers')}>
                      <PeopleField
                        className="wf-scope-users"
                        mode="checkbox"
                        ids={scope.users}
                        names={names}
                        onChange={(list) => {
                          setNames((m) => new Map([...m, ...list.map((p) => [String(p.id), p.realName || p.name || p.account] as [string, string])]));
                          setScope({ ...scope, users: list.map((p) => String(p.id)) });
                        }}
                      />
                    </Form.Item>
                    <Form.Item label={t('wfd.settings.scopeRoles')}>
                      <CheckedTreeSelect treeData={roles} value={scope.roles} onChange={(ids) => setScope({ ...scope, roles: ids })} />
                    </Form.Item>
                    <Form.Item label={t('wfd.settings.scopeDepts')}>
                      <CheckedTreeSelect treeData={depts} value={scope.depts} onChange={(ids) => setScope({ ...scope, depts: ids })} />
                    </Form.Item>
                  </>
                )}
              </Form>
            ),
          },
          {
            key: 'validate',
            label: t('wfd.settings.tabValidate'),
            children: (
              <RuleCards
                help={t('wfd.settings.validateHelp')}
                items={checks}
                cardClass="wf-check-card"
                addClass="wf-add-check"
                addLabel={t('wfd.settings.addCheck')}
                onChange={(list) => setDraft({ ...draft, submitValidate: list })}
                blank={{ submitType: 'start', validateType: 'js', diyJS: '' }}
                title={(c, i) => (
                  <Space>
                    {typeSelect(c.submitType, (v) => setCheck(i, { submitType: v }))}
                    <Radio.Group
                      size="small"
                      optionType="button"
                      value={c.validateType}
                      onChange={(e) => setCheck(i, { validateType: e.target.value })}
                      options={[
                        { value: 'js', label: 'JavaScript' },
                        { value: 'sql', label: 'SQL' },
                      ]}
                    />
                  </Space>
                )}
              >
                {(c, i) => (
                  <>
                    {c.validateType === 'js' ? (
                      <Form.Item label={t('wfd.settings.diyJS')} extra={t('wfd.settings.diyJSHelp')} style={{ marginBottom: 8 }}>
                        <Input.TextArea className="wf-check-js" rows={3} value={c.diyJS} placeholder="days <= 30" style={{ fontFamily: 'monospace' }} onChange={(e) => setCheck(i, { diyJS: e.target.value })} />
                      </Form.Item>
                    ) : (
                      <>
                        <Form.Item label={t('wfd.settings.diySql')} extra={t('wfd.settings.diySqlHelp')} style={{ marginBottom: 8 }}>
                          <Input.TextArea rows={3} value={c.diySql} placeholder="select 1 from wf_draft where title = #{title}" style={{ fontFamily: 'monospace' }} onChange={(e) => setCheck(i, { diySql: e.target.value })} />
                        </Form.Item>
                        <Form.Item label={t('wfd.settings.resConfig')} style={{ marginBottom: 8 }}>
                          <Radio.Group
                            value={c.resConfig ?? 0}
                            onChange={(e) => setCheck(i, { resConfig: e.target.value })}
                            options={[
                              { value: 0, label: t('wfd.settings.resRows') },
                              { value: 1, label: t('wfd.settings.resNone') },
                            ]}
                          />
                        </Form.Item>
                      </>
                    )}
                    <Form.Item label={t('wfd.settings.checkMessage')} style={{ marginBottom: 0 }}>
                      <Input value={c.message} placeholder={t('wfd.settings.checkMessageDefault')} onChange={(e) => setCheck(i, { message: e.target.value })} />
                    </Form.Item>
                  </>
                )}
              </RuleCards>
            ),
          },
          {
            key: 'after',
            label: t('wfd.settings.tabAfter'),
            children: (
              <RuleCards
                help={t('wfd.settings.afterHelp')}
                items={afters}
                cardClass="wf-after-card"
                addClass="wf-add-after"
                addLabel={t('wfd.settings.addAfter')}
                onChange={(list) => setDraft({ ...draft, submitAfter: list })}
                blank={{ submitType: 'start' }}
                title={(a, i) => typeSelect(a.submitType, (v) => setAfter(i, { submitType: v }))}
              >
                {(a, i) => (
                  <Form layout="vertical">
                    <Form.Item label={t('wfd.settings.afterContent')} style={{ marginBottom: 8 }}>
                      <Input.TextArea rows={2} value={a.content} placeholder={t('wfd.settings.afterContentHolder')} onChange={(e) => setAfter(i, { content: e.target.value })} />
                    </Form.Item>
                    <Space wrap align="start">
                      <Form.Item label={t('wfd.settings.jumpType')} style={{ marginBottom: 0 }}>
                        <Select
                          allowClear
                          style={{ width: 160 }}
                          value={a.jumpType}
                          onChange={(v) => setAfter(i, { jumpType: v })}
                          options={(['back', 'currentPage', 'newPage'] as const).map((v) => ({ value: v, label: t(`wfd.settings.jump.${v}`) }))}
                        />
                      </Form.Item>
                      <Form.Item label={t('wfd.settings.jumpAddress')} style={{ marginBottom: 0 }}>
                        <Input style={{ width: 380 }} value={a.jumpAddress} placeholder="/workflow/process/send" onChange={(e) => setAfter(i, { jumpAddress: e.target.value })} />
                      </Form.Item>
                    </Space>
                  </Form>
                )}
              </RuleCards>
            ),
          },
          {
            key: 'preRead',
            label: t('wfd.settings.tabPreRead'),
            children: (
              <Form layout="vertical" className="wf-preread-settings">
                <Typography.Paragraph type="secondary">{t('wfd.settings.preReadHelp')}</Typography.Paragraph>
                <Form.Item label={t('wfd.settings.preReadEnable')}>
                  <Switch className="wf-preread-enable" checked={!!preRead.enable} onChange={(v) => setPreRead({ enable: v })} />
                </Form.Item>
                <Form.Item label={t('wfd.settings.preReadTitle')}>
                  <Input id="wf-preread-title" maxLength={100} value={preRead.title} placeholder={t('wf.preRead.title')} onChange={(e) => setPreRead({ title: e.target.value })} />
                </Form.Item>
                <Form.Item label={t('wfd.settings.preReadContent')}>
                  <div className="wf-preread-content">
                    <Suspense fallback={<Spin />}>
                      <RichEditor value={preRead.content} onChange={(v) => setPreRead({ content: v })} />
                    </Suspense>
                  </div>
                </Form.Item>
                <Form.Item label={t('wfd.settings.preReadFiles')} extra={t('wfd.settings.preReadFilesHelp', { n: MAX_PRE_READ_FILES })}>
                  <div className="wf-preread-files">
                    {preFiles.map((f, i) => (
                      <div key={`${f.url}-${i}`}>
                        <PaperClipOutlined />{' '}
                        <a href={f.url} target="_blank" rel="noreferrer">
                          {f.name || f.url}
                        </a>
                        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={() => setPreRead({ files: preFiles.filter((_, j) => j !== i) })} />
                      </div>
                    ))}
                    {preFiles.length < MAX_PRE_READ_FILES && (
                      <Upload showUploadList={false} beforeUpload={(file) => (void upload(file), false)}>
                        <Button size="small" icon={<UploadOutlined />}>
                          {t('wfd.settings.preReadUpload')}
                        </Button>
                      </Upload>
                    )}
                  </div>
                </Form.Item>
                <Space wrap align="start">
                  <Form.Item label={t('wfd.settings.preReadTime')} extra={t('wfd.settings.preReadTimeHelp')}>
                    <InputNumber id="wf-preread-readTime" min={1} max={9999} precision={0} value={preRead.readTime ?? 5} onChange={(v) => setPreRead({ readTime: v ?? 5 })} addonAfter={t('wfd.settings.seconds')} />
                  </Form.Item>
                  <Form.Item label={t('wfd.settings.preReadButton')}>
                    <Input id="wf-preread-button" maxLength={20} value={preRead.buttonText} placeholder={t('wf.preRead.ok')} onChange={(e) => setPreRead({ buttonText: e.target.value })} />
                  </Form.Item>
                </Space>
              </Form>
            ),
          },
          {
            key: 'print',
            label: t('wfd.settings.tabPrint'),
            children: (
              <Form layout="vertical" className="wf-print-settings">
                <Space wrap align="start">
                  <Form.Item label={t('wfd.settings.printName')}>
                    <Input id="wf-print-name" style={{ width: 320 }} maxLength={100} value={print.templateName} onChange={(e) => setPrint({ templateName: e.target.value })} />
                  </Form.Item>
                  <Form.Item label={t('wfd.settings.printStatus')}>
                    <Switch className="wf-print-status" checked={Number(print.status ?? 1) === 1} onChange={(v) => setPrint({ status: v ? 1 : 0 })} />
                  </Form.Item>
                </Space>
                <Form.Item label={t('wfd.settings.printContent')}>
                  <Input.TextArea
                    id="wf-print-content"
                    rows={8}
                    value={print.content}
                    placeholder={'<h2>${processDefinitionName}</h2>\n<p>${startUser} ${startTime}</p>\n${approvals}'}
                    style={{ fontFamily: 'monospace' }}
                    onChange={(e) => setPrint({ content: e.target.value })}
                  />
                </Form.Item>
                <div className="wf-print-help">
                  <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
                    {t('wfd.settings.printHelp')}
                  </Typography.Paragraph>
                  <div style={{ marginBottom: 6 }}>
                    <Typography.Text strong>{t('wfd.settings.printBuiltIn')}</Typography.Text>
                  </div>
                  <Space size={[4, 4]} wrap style={{ marginBottom: 8 }}>
                    {PRINT_BUILT_INS.map((k) => (
                      <Tag key={k} title={t(`wfd.settings.printVar.${k}`)}>
                        {'${' + k + '}'} <Typography.Text type="secondary">{t(`wfd.settings.printVar.${k}`)}</Typography.Text>
                      </Tag>
                    ))}
                  </Space>
                  <div style={{ marginBottom: 6 }}>
                    <Typography.Text strong>{t('wfd.settings.printFields')}</Typography.Text>
                  </div>
                  {fields.length ? (
                    <Space size={[4, 4]} wrap>
                      {fields.map((f) => (
                        <Tag key={f.prop} color="blue">
                          {'${' + f.prop + '}'} {f.label}
                        </Tag>
                      ))}
                    </Space>
                  ) : (
                    <Typography.Text type="secondary">{t('wfd.settings.printNoForm')}</Typography.Text>
                  )}
                </div>
              </Form>
            ),
          },
        ]}
      />
    </Modal>
  );
}

/**
 * Rules kept as a list (submit checks, submit-after rules): the help text, an empty state, one card
 * per rule (its title, its fields, a delete button) and a button that adds a blank rule.
 */
function RuleCards<T>(props: {
  help: string; items: T[]; cardClass: string; addClass: string; addLabel: string; blank: T;
  onChange: (list: T[]) => void; title: (item: T, i: number) => ReactNode; children: (item: T, i: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const { items, onChange } = props;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{props.help}</Typography.Text>
      {!items.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      {items.map((item, i) => (
        <Card
          key={i}
          size="small"
          className={props.cardClass}
          title={props.title(item, i)}
          extra={<Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={() => onChange(items.filter((_, j) => j !== i))} />}
        >
          {props.children(item, i)}
        </Card>
      ))}
      <Button type="dashed" block icon={<PlusOutlined />} className={props.addClass} onClick={() => onChange([...items, props.blank])}>
        {props.addLabel}
      </Button>
    </Space>
  );
}
