// Model-level settings (000 §3 "Submit validation config", "Submit-after config", §5): who may
// start the process (model scope), whether an assignee must be chosen at start, the configured
// submit checks (js / sql) and what happens after a successful submit.
import { useEffect, useState } from 'react';
import { Button, Card, Empty, Form, Input, Modal, Radio, Select, Space, Switch, Tabs, TreeSelect, Typography, message } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { deptTree, roleTree, treeOptions, type TreeOption } from '../../../api/message';
import { PeopleField } from '../../../components/workflow/designer/fields';
import { modelApi, usersByIds, type Model, type ModelSettings, type ScopeRow, type SubmitAfter, type SubmitCheck } from './api';

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
  settings,
  onClose,
  onSave,
}: {
  open: boolean;
  model: Model;
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
                      <TreeSelect
                        multiple
                        treeCheckable
                        treeCheckStrictly
                        treeDefaultExpandAll
                        showCheckedStrategy={TreeSelect.SHOW_ALL}
                        treeData={roles as never}
                        value={scope.roles.map((value) => ({ value }))}
                        onChange={(v: { value: string }[]) => setScope({ ...scope, roles: v.map((x) => x.value) })}
                      />
                    </Form.Item>
                    <Form.Item label={t('wfd.settings.scopeDepts')}>
                      <TreeSelect
                        multiple
                        treeCheckable
                        treeCheckStrictly
                        treeDefaultExpandAll
                        showCheckedStrategy={TreeSelect.SHOW_ALL}
                        treeData={depts as never}
                        value={scope.depts.map((value) => ({ value }))}
                        onChange={(v: { value: string }[]) => setScope({ ...scope, depts: v.map((x) => x.value) })}
                      />
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
              <Space direction="vertical" style={{ width: '100%' }}>
                <Typography.Text type="secondary">{t('wfd.settings.validateHelp')}</Typography.Text>
                {!checks.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
                {checks.map((c, i) => (
                  <Card
                    key={i}
                    size="small"
                    className="wf-check-card"
                    title={
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
                    }
                    extra={<Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={() => setDraft({ ...draft, submitValidate: checks.filter((_, j) => j !== i) })} />}
                  >
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
                  </Card>
                ))}
                <Button type="dashed" block icon={<PlusOutlined />} className="wf-add-check" onClick={() => setDraft({ ...draft, submitValidate: [...checks, { submitType: 'start', validateType: 'js', diyJS: '' }] })}>
                  {t('wfd.settings.addCheck')}
                </Button>
              </Space>
            ),
          },
          {
            key: 'after',
            label: t('wfd.settings.tabAfter'),
            children: (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Typography.Text type="secondary">{t('wfd.settings.afterHelp')}</Typography.Text>
                {!afters.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
                {afters.map((a, i) => (
                  <Card
                    key={i}
                    size="small"
                    className="wf-after-card"
                    title={typeSelect(a.submitType, (v) => setAfter(i, { submitType: v }))}
                    extra={<Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={() => setDraft({ ...draft, submitAfter: afters.filter((_, j) => j !== i) })} />}
                  >
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
                  </Card>
                ))}
                <Button type="dashed" block icon={<PlusOutlined />} className="wf-add-after" onClick={() => setDraft({ ...draft, submitAfter: [...afters, { submitType: 'start' }] })}>
                  {t('wfd.settings.addAfter')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Modal>
  );
}
