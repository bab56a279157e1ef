import { useMemo } from 'react';
import { App } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { codeModel } from '@campus/schema';
import { ResourceList } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { saveBlob as save } from '../../api/download';
import { withProgressCard } from '../../components/transfer';
import { codeApi, copyCode, datasourceOptions, genCode } from './api';


export default function CodePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // one description while t and message stay (the actions use them)
  const resource = useMemo(() => modelResource(codeModel, codeApi, {
    sort: { descs: 'create_time' },
    selectable: true,
    fields: {
      datasourceId: { form: { type: 'select', loadOptions: datasourceOptions } },
      tableName: { form: { help: 'tool.code.tableHelp' } },
      serviceName: { form: { placeholder: 'tool.code.servicePlaceholder' } },
      apiPath: { form: { placeholder: 'tool.code.apiPlaceholder' } },
    },
    append: [{ title: 'tool.createTime', dataIndex: 'createTime', width: 170, form: false }],
    extraActions: [
      {
        key: 'gen', label: 'tool.code.gen', placement: 'toolbar', permission: 'code_gen', icon: <DownloadOutlined />, needSelection: true,
        onClick: async ({ selected }) => {
          save(await withProgressCard('generated-code.zip', (onProgress) => genCode(selected, onProgress), 'download'), 'generated-code.zip');
          message.success(t('tool.code.genOk'));
        },
      },
      {
        key: 'genOne', label: 'tool.code.gen', placement: 'row', permission: 'code_gen',
        onClick: async ({ row }) => {
          const name = `${String(row!.codeName)}.zip`;
          save(await withProgressCard(name, (onProgress) => genCode([String(row!.id)], onProgress), 'download'), name);
        },
      },
      {
        key: 'copy', label: 'tool.code.copy', placement: 'row', permission: 'code_add', icon: <CopyOutlined />,
        onClick: async ({ row, reload }) => { await copyCode(String(row!.id)); message.success(t('tool.success')); reload(); },
      },
    ],
  }), [t, message]);
  return <ResourceList resource={resource} />;
}
