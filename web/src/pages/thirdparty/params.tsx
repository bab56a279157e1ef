import { useMemo } from 'react';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { thirdServiceParamsModel } from '@campus/schema';
import { ResourceList, type ResourceDescription } from '../../components/ResourceList';
import { modelResource } from '../../components/model-resource';
import { serviceParamApi, type ServiceParam } from './api';

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
  // the columns and form come from the model (@campus/schema thirdServiceParamsModel)
  const resource = useMemo<ResourceDescription<ServiceParam>>(
    () => modelResource(thirdServiceParamsModel, serviceParamApi, {
      title: 'thirdparty.paramsTitle',
      params: { thirdServiceId: configId },
      sort: { ascs: 'sort' },
      formWidth: 760,
      // the parameters are part of the config: its buttons open them (the model's codes)
      beforeSubmit: (values) => ({ ...values, thirdServiceId: configId }),
      fields: {
        type: { form: { default: 1 } },
        paramValue: {
          render: (r) => <Typography.Text code ellipsis style={{ maxWidth: 200 }}>{String(r.paramValue ?? '')}</Typography.Text>,
          form: { type: 'custom', component: ValueInput, dependencies: ['type'] },
        },
        joinSymbol: { form: { visible: (v) => Number(v.type) === 3, dependencies: ['type'] } },
        containParamName: { form: { visible: (v) => Number(v.type) === 3, dependencies: ['type'] } },
        encryptionMode: { form: { help: 'thirdparty.encryptionHelp' } },
        secretKey: { form: { visible: (v) => ['AES', 'RSA', 'MD5', 'SHA1'].includes(String(v.encryptionMode)), dependencies: ['encryptionMode'], help: 'thirdparty.secretKeyHelp' } },
      },
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
