import { App } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { saveBlob as save } from '../../api/download';
import { codeApi, copyCode, datasourceOptions, genCode, type CodeRecord } from './api';


export default function CodePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const resource: ResourceDescription<CodeRecord> = {
    title: 'tool.code.title',
    api: codeApi,
    sort: { descs: 'create_time' },
    selectable: true,
    permissions: { add: 'code_add', edit: 'code_edit', delete: 'code_delete', view: 'code_view' },
    columns: [
      { title: 'tool.code.codeName', dataIndex: 'codeName', search: 'like', width: 160, form: { required: true } },
      { title: 'tool.code.datasource', dataIndex: 'datasourceId', hideInTable: true, form: { type: 'select', required: true, loadOptions: datasourceOptions } },
      { title: 'tool.code.tableName', dataIndex: 'tableName', search: 'like', width: 180, form: { required: true, help: 'tool.code.tableHelp' } },
      { title: 'tool.code.tablePrefix', dataIndex: 'tablePrefix', width: 120, form: {} },
      { title: 'tool.code.serviceName', dataIndex: 'serviceName', width: 160, form: { placeholder: 'tool.code.servicePlaceholder' } },
      { title: 'tool.code.apiPath', dataIndex: 'apiPath', ellipsis: true, form: { placeholder: 'tool.code.apiPlaceholder' } },
      { title: 'tool.code.pkName', dataIndex: 'pkName', width: 100, form: { default: 'id' } },
      { title: 'tool.createTime', dataIndex: 'createTime', width: 170, form: false },
    ],
    extraActions: [
      {
        key: 'gen', label: 'tool.code.gen', placement: 'toolbar', permission: 'code_gen', icon: <DownloadOutlined />, needSelection: true,
        onClick: async ({ selected }) => {
          save(await genCode(selected), 'generated-code.zip');
          message.success(t('tool.code.genOk'));
        },
      },
      { key: 'genOne', label: 'tool.code.gen', placement: 'row', permission: 'code_gen', onClick: async ({ row }) => save(await genCode([String(row!.id)]), `${String(row!.codeName)}.zip`) },
      {
        key: 'copy', label: 'tool.code.copy', placement: 'row', permission: 'code_add', icon: <CopyOutlined />,
        onClick: async ({ row, reload }) => { await copyCode(String(row!.id)); message.success(t('tool.success')); reload(); },
      },
    ],
  };
  return <ResourceList resource={resource} />;
}
