import i18n from 'i18next';
import { ruleModel } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { ruleApi } from './api';

const resource = modelResource(ruleModel, ruleApi, {
  sort: { descs: 'create_time' },
  fields: {
    ruleContent: {
      valueType: 'code',
      form: {
        type: 'text', help: 'tool.rule.contentHelp',
        rules: [{ validator: async (_: unknown, v: string) => { try { if (v) new RegExp(v); } catch { throw new Error(i18n.t('tool.rule.invalid')); } } }],
      },
    },
  },
  append: [{ title: 'tool.createTime', dataIndex: 'createTime', width: 170, form: false }],
});

export default function RulePage() {
  return <ResourceList resource={resource} />;
}
