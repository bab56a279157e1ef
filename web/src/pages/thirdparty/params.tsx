import { useMemo } from 'react';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { serviceParamApi, type ServiceParam } from './api';
import { encryptions, paramTypes, positions, statusOptions, yesNo } from './options';

type Row = Record<string, unknown>;
const VALUE_HELP: Record<number, string> = {
  1: 'thirdparty.paramValueHelp1',
  2: 'thirdparty.paramValueHelp2',
  3: 'thirdparty.paramValueHelp3',
  4: 'thirdparty.paramValueHelp4',
  5: 'thirdparty.paramValueHelp5',
};

/** The parameters of one service config, in call order (sort ascending); shown in a drawer of the config screen. */
export function ParamsList({ config }: { config: Row }) {
  const { t, i18n } = useTranslation();
  const configId = String(config.id);
  const resource = useMemo<ResourceDescription<ServiceParam>>(
    () => ({
      title: 'thirdparty.paramsTitle',
      api: serviceParamApi,
      params: { thirdServiceId: configId },
      sort: { ascs: 'sort' },
      formWidth: 760,
      // the parameters are part of the config: its buttons open them
      permissions: { add: 'thirdConfig_add', edit: 'thirdConfig_edit', delete: 'thirdConfig_delete', view: 'thirdConfig_view' },
      beforeSubmit: (values) => ({ ...values, thirdServiceId: configId }),
      columns: [
        { title: 'thirdparty.sort', dataIndex: 'sort', width: 70, sortable: true, form: { type: 'number', span: 6, default: 1, rules: [{ type: 'number', min: 1, message: 'thirdparty.sortMin' }] } },
        { title: 'thirdparty.paramName', dataIndex: 'name', search: 'like', width: 140, form: { required: true, requiredMessage: 'thirdparty.paramNameRequired', span: 9 } },
        { title: 'thirdparty.paramType', dataIndex: 'type', search: 'equal', width: 120, options: paramTypes, form: { type: 'select', required: true, requiredMessage: 'thirdparty.paramTypeRequired', span: 9, default: 1 } },
        {
          title: 'thirdparty.paramValue', dataIndex: 'paramValue', width: 200, ellipsis: true,
          render: (r) => <Typography.Text code ellipsis style={{ maxWidth: 200 }}>{String(r.paramValue ?? '')}</Typography.Text>,
          form: { type: 'custom', component: ValueInput, dependencies: ['type'] },
        },
        { title: 'thirdparty.joinSymbol', dataIndex: 'joinSymbol', hideInTable: true, form: { span: 12, visible: (v) => Number(v.type) === 3, dependencies: ['type'] } },
        { title: 'thirdparty.containParamName', dataIndex: 'containParamName', hideInTable: true, options: yesNo, form: { type: 'radio', span: 12, default: 0, visible: (v) => Number(v.type) === 3, dependencies: ['type'] } },
        { title: 'thirdparty.encryptionMode', dataIndex: 'encryptionMode', width: 110, options: encryptions, form: { type: 'select', span: 12, help: 'thirdparty.encryptionHelp' } },
        { title: 'thirdparty.parameterPosition', dataIndex: 'parameterPosition', width: 100, options: positions, form: { type: 'radio', span: 12, default: 1 } },
        {
          title: 'thirdparty.secretKey', dataIndex: 'secretKey', hideInTable: true, inDetail: false,
          form: { type: 'textarea', rows: 3, visible: (v) => ['AES', 'RSA', 'MD5', 'SHA1'].includes(String(v.encryptionMode)), dependencies: ['encryptionMode'], help: 'thirdparty.secretKeyHelp' },
        },
        { title: 'thirdparty.status', dataIndex: 'status', width: 80, options: statusOptions, form: { type: 'radio', span: 12, default: 1 } },
        { title: 'thirdparty.description', dataIndex: 'description', hideInTable: true, form: { type: 'textarea', rows: 2 } },
      ],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [configId, i18n.language],
  );
  return (
    <>
      <Typography.Paragraph type="secondary">{t('thirdparty.paramsHelp')}</Typography.Paragraph>
      <ResourceList resource={resource} />
    </>
  );
}

/** paramValue, with a help text that follows the chosen type. */
function ValueInput({ value, onChange }: { value?: unknown; onChange?: (v: unknown) => void }) {
  const { t } = useTranslation();
  const type = Number(Form.useWatch('type') ?? 1);
  return (
    <>
      <Input value={value as string | undefined} onChange={(e) => onChange?.(e.target.value)} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t(VALUE_HELP[type] ?? VALUE_HELP[1])}</Typography.Text>
    </>
  );
}
