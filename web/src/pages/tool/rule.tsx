import i18n from 'i18next';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { ruleApi, type Rule } from './api';

const resource: ResourceDescription<Rule> = {
  title: 'tool.rule.title',
  api: ruleApi,
  sort: { descs: 'create_time' },
  permissions: { add: 'rule_add', edit: 'rule_edit', delete: 'rule_delete', view: 'rule_view' },
  columns: [
    { title: 'tool.rule.name', dataIndex: 'name', search: 'like', width: 180, form: { required: true } },
    {
      title: 'tool.rule.ruleContent', dataIndex: 'ruleContent', valueType: 'code', ellipsis: true,
      form: {
        required: true, help: 'tool.rule.contentHelp',
        rules: [{ validator: async (_: unknown, v: string) => { try { if (v) new RegExp(v); } catch { throw new Error(i18n.t('tool.rule.invalid')); } } }],
      },
    },
    { title: 'tool.rule.message', dataIndex: 'message', ellipsis: true, width: 220, form: {} },
    { title: 'tool.remark', dataIndex: 'remark', ellipsis: true, width: 180, form: { type: 'textarea', rows: 2 } },
    { title: 'tool.createTime', dataIndex: 'createTime', width: 170, form: false },
  ],
};

export default function RulePage() {
  return <ResourceList resource={resource} />;
}
