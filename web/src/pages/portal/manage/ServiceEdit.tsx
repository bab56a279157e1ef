// 服务编辑 (/portal/serviceManagerEdit/{id}; '0' or 'add' is a new service, opened from 服务管理):
// basic information, 办理方式 (the bound process of the tenant's deployed ones, or an external
// address) with its open way, the guide (introduction, materials, steps, contact), who may handle it
// and its validity. A new service gets a fresh code from getRandomId; save is POST save, a change
// POST update. The server checks the same rules again (bound process deployed, validity fields).
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Empty, Form, Input, InputNumber, Radio, Row, Select, Skeleton, Space, Tag, Tooltip, TreeSelect, Typography, message } from 'antd';
import { ArrowLeftOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { serviceManageModel, type FieldDef } from '@campus/schema';
import { http } from '../../../api/request';
import { deptTree, treeOptions, type Person } from '../../../api/message';
import { usePermission } from '../../../components/Permitted';
import { modelResource } from '../../../components/model-resource';
import { closeTab } from '../../../components/workflow/finish';
import { allOf, categoryApi, csv, deployedProcesses, nameOf, randomServiceCode, saveService, serviceApi, specialApi, updateService, type Service } from './api';
import { AudienceEditor } from './edit/AudienceEditor';
import { MaterialsEditor, StepsEditor, listText, materialIn, materialOut, parseList, stepIn, stepOut, type Material, type Step } from './edit/GuideLists';
import { ValidityEditor, fromValidity, toValidity, type ValidityForm } from './edit/ValidityEditor';
import { IconPicker } from './fields/IconPicker';
import { ColorInput } from './fields/small';
import './manage.css';
import { serviceText } from './modelText';

type Values = Record<string, unknown> & ValidityForm & { materials?: Material[]; steps?: Step[]; roleIds?: string[]; deptIds?: string[]; postIds?: string[] };
const F = serviceManageModel.fields;
/** The guide's texts in English (an English page shows them, the Chinese when empty). */
const GUIDE_EN = ['introduceEn', 'timeLimitEn', 'handleAddressEn', 'contactPersonEn', 'feeEn', 'basisEn'] as const;
// the model's labels and messages (model.serviceManage.*), also when this page is opened first
modelResource(serviceManageModel, serviceApi);
const usersByIds = (ids: string[]) => (ids.length ? http.get<Person[]>('/api/blade-system/user/userListByIds', { ids: ids.join(',') }) : Promise.resolve([]));
/** '0' or 'add': a new service. */
export const isNewId = (id: string) => id === '0' || id === 'add';

const DEFAULTS: Values = { itemWay: 1, openWay: 1, handleType: 1, validityMode: 1, isHot: 0, sort: 1, status: 1, materials: [], steps: [], roleIds: [], deptIds: [], postIds: [] };

export default function ServiceEdit() {
  const { t } = useTranslation();
  const nav = useNavigate();
  const location = useLocation();
  const id = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() ?? '0');
  const isNew = isNewId(id);
  // opened from a special service's list: a new service belongs to it, and saving returns there
  const presetSpecial = new URLSearchParams(location.search).get('specialServiceId') ?? undefined;
  const mayAdd = usePermission('portal_service_add');
  const mayEdit = usePermission('portal_service_edit');
  const [form] = Form.useForm<Values>();
  const [row, setRow] = useState<Service | null>(null);
  const [failed, setFailed] = useState(false);
  const [people, setPeople] = useState<Person[]>([]);
  const [loadingPeople, setLoadingPeople] = useState(false);
  const [saving, setSaving] = useState(false);
  const [initial, setInitial] = useState<Values | null>(null);

  const categories = useQuery({ queryKey: ['portalManage', 'categories'], queryFn: () => allOf(categoryApi), staleTime: 30_000 });
  const specials = useQuery({ queryKey: ['portalManage', 'specials'], queryFn: () => allOf(specialApi), staleTime: 30_000 });
  const depts = useQuery({ queryKey: ['portalManage', 'deptTree'], queryFn: () => deptTree().then(treeOptions), staleTime: 60_000 });
  const processes = useQuery({ queryKey: ['portalManage', 'processes'], queryFn: deployedProcesses, staleTime: 60_000 });

  useEffect(() => {
    let live = true;
    setFailed(false);
    setRow(null);
    setInitial(null);
    setPeople([]);
    if (isNew) {
      randomServiceCode()
        .catch(() => '')
        .then((serviceCode) => {
          if (!live) return;
          setInitial({ ...DEFAULTS, serviceCode, specialServiceId: presetSpecial });
        });
    } else {
      serviceApi.detail(id).then(
        (r) => {
          if (!live) return;
          if (!r) return setFailed(true);
          setRow(r);
          const v: Values = {
            ...(r as unknown as Values),
            ...fromValidity(r as unknown as Record<string, unknown>),
            materials: parseList<Material>(r.materials).map(materialIn),
            steps: parseList<Step>(r.steps).map(stepIn),
            roleIds: csv(r.roleIds), deptIds: csv(r.deptIds), postIds: csv(r.postIds),
            specialServiceId: r.specialServiceId && r.specialServiceId !== '0' ? r.specialServiceId : undefined,
            deptId: r.deptId && r.deptId !== '0' ? r.deptId : undefined,
          };
          setInitial(v);
          const ids = csv(r.userIds);
          if (ids.length) {
            setLoadingPeople(true);
            usersByIds(ids)
              .then((list) => live && setPeople(list), () => live && setPeople(ids.map((x) => ({ id: x, account: x }) as Person)))
              .finally(() => live && setLoadingPeople(false));
          }
        },
        () => live && setFailed(true),
      );
    }
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  useEffect(() => {
    // the same form serves the next service opened in this tab: start it over
    if (!initial) return;
    form.resetFields();
    form.setFieldsValue(initial as Parameters<typeof form.setFieldsValue>[0]);
  }, [initial, form]);

  const itemWay = (Form.useWatch('itemWay', form) as number | undefined) ?? 1;
  const itemHandle = Form.useWatch('itemHandle', form) as string | undefined;
  const name = Form.useWatch('name', form) as string | undefined;

  const processOptions = useMemo(() => {
    const list = processes.data ?? [];
    const groups = new Map<string, { label: string; value: string; title: string }[]>();
    for (const p of list) {
      const key = p.processDefKey || p.key || '';
      const cat = p.categoryName || t('portalManage.edit.otherCategory');
      const label = p.processDefinitionName || p.name || key;
      if (!groups.has(cat)) groups.set(cat, []);
      groups.get(cat)!.push({ value: key, label: `${label} (${key})`, title: label });
    }
    const out = [...groups.entries()].map(([label, options]) => ({ label, options }));
    // a bound process no longer deployed still shows (the server refuses to save it)
    if (itemHandle && !list.some((p) => (p.processDefKey || p.key) === itemHandle)) out.unshift({ label: t('portalManage.edit.notDeployed'), options: [{ value: itemHandle, label: `${itemHandle} · ${t('portalManage.edit.notDeployed')}`, title: itemHandle }] });
    return out;
  }, [processes.data, itemHandle, t]);

  const listPath = (special?: string | null) => (presetSpecial && special === presetSpecial ? `/portal/serviceManage/${presetSpecial}` : '/portal/serviceManage');
  const leave = (special?: string | null) => {
    closeTab(location.pathname);
    nav(listPath(special), { replace: true });
  };

  const save = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      message.error(t('portalManage.edit.fixErrors'));
      return;
    }
    const all = { ...form.getFieldsValue(true), ...v } as Values;
    const join = (x?: string[]) => (x?.length ? x.join(',') : null);
    const text = (k: string) => {
      const s = all[k];
      return typeof s === 'string' && s.trim() ? s.trim() : null;
    };
    const body: Partial<Service> = {
      serviceCode: text('serviceCode') ?? undefined,
      name: String(all.name ?? '').trim(),
      nameEn: text('nameEn'),
      categoryId: String(all.categoryId),
      specialServiceId: (all.specialServiceId as string) || null,
      deptId: (all.deptId as string) || null,
      itemWay: Number(all.itemWay),
      openWay: Number(all.openWay),
      itemHandle: Number(all.itemWay) === 1 ? text('itemHandle') : null,
      itemUrl: Number(all.itemWay) === 2 ? text('itemUrl') : null,
      icon: text('icon'), color: text('color'), summary: text('summary'), summaryEn: text('summaryEn'), keywords: text('keywords'),
      handleType: Number(all.handleType),
      timeLimit: text('timeLimit'), handleAddress: text('handleAddress'), contactPerson: text('contactPerson'), contactPhone: text('contactPhone'), fee: text('fee'),
      introduce: text('introduce'), basis: text('basis'),
      ...Object.fromEntries(GUIDE_EN.map((k) => [k, text(k)])),
      materials: listText(all.materials, materialOut),
      steps: listText(all.steps, stepOut),
      userIds: people.length ? people.map((p) => String(p.id)).join(',') : null,
      roleIds: join(all.roleIds), deptIds: join(all.deptIds), postIds: join(all.postIds),
      ...toValidity(all),
      isHot: Number(all.isHot ?? 0),
      sort: Number(all.sort ?? 1),
      status: Number(all.status ?? 1),
    };
    setSaving(true);
    try {
      if (isNew) await saveService(body);
      else await updateService({ ...body, id });
      message.success(t('portalManage.edit.saved'));
      leave(body.specialServiceId);
    } catch {
      /* the request layer showed the server's refusal */
    } finally {
      setSaving(false);
    }
  };

  if (failed) {
    return (
      <Card>
        <Empty description={t('portalManage.edit.notFound')}>
          <Button onClick={() => leave()}>{t('portalManage.edit.back')}</Button>
        </Empty>
      </Card>
    );
  }
  if (!initial) return <Card><Skeleton active paragraph={{ rows: 14 }} /></Card>;

  const may = isNew ? mayAdd : mayEdit;
  const max = (k: keyof typeof F) => {
    const f = F[k] as FieldDef;
    return f.length ? [{ max: f.length, message: t('portalManage.tooLong', { n: f.length }) }] : [];
  };
  const pattern = (k: keyof typeof F) => {
    const f = F[k] as FieldDef;
    return f.pattern ? [{ pattern: new RegExp(f.pattern), message: t(`model.serviceManage.rules.${k}.invalid`) }] : [];
  };
  const label = (k: keyof typeof F) => t(`model.serviceManage.fields.${k}`);
  const radio = (k: 'itemWay' | 'openWay' | 'handleType' | 'isHot') => (
    <Radio.Group optionType="button" className={`pm-radio-${k}`} options={(F[k] as FieldDef).options!.map((o) => ({ value: o.value, label: t(`model.serviceManage.options.${k}.${o.value}`) }))} />
  );

  return (
    <div className="pm-page pm-service-edit" data-testid="pm-service-edit">
      <div className="pm-edit-header">
        <Space size={12} align="center">
          <Button icon={<ArrowLeftOutlined />} onClick={() => leave(row?.specialServiceId)}>{t('portalManage.edit.back')}</Button>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {isNew ? t('portalManage.edit.addTitle') : t('portalManage.edit.editTitle', { name: name || row?.name || '' })}
          </Typography.Title>
          {initial.serviceCode ? <Tag color="blue" className="pm-service-code">{String(initial.serviceCode)}</Tag> : null}
          {!isNew && row && (Number(row.status) === 1 ? <Tag color="green">{t('common.enabled')}</Tag> : <Tag>{t('common.disabled')}</Tag>)}
        </Space>
      </div>
      {!may && <Alert type="warning" showIcon message={t('portalManage.edit.readOnly')} style={{ marginBottom: 12 }} />}
      <Form<Values> form={form} layout="vertical" disabled={!may} initialValues={initial} scrollToFirstError={{ behavior: 'smooth', block: 'center' }} className="pm-edit-form">
        <Card title={t('portalManage.edit.basic')} className="pm-edit-card" id="pm-basic">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="name" label={label('name')} rules={[{ required: true, whitespace: true, message: serviceText('required.name') }, ...max('name')]}>
                <Input placeholder={t('portalManage.edit.namePlaceholder')} className="pm-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="nameEn" label={label('nameEn')} rules={max('nameEn')}>
                <Input placeholder="e.g. Student leave application" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={label('serviceCode')} extra={isNew ? t('portalManage.edit.codeHelp') : undefined}>
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item name="serviceCode" noStyle rules={[...max('serviceCode'), { pattern: /^[A-Za-z0-9_-]*$/, message: t('portalManage.edit.codeInvalid') }]}>
                    <Input className="pm-code" />
                  </Form.Item>
                  {isNew && (
                    <Tooltip title={t('portalManage.edit.newCode')}>
                      <Button icon={<ReloadOutlined />} onClick={async () => form.setFieldValue('serviceCode', await randomServiceCode())} aria-label={t('portalManage.edit.newCode')} />
                    </Tooltip>
                  )}
                </Space.Compact>
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="categoryId" label={label('categoryId')} rules={[{ required: true, message: serviceText('required.categoryId') }]}>
                <Select showSearch optionFilterProp="label" loading={categories.isLoading} options={(categories.data ?? []).map((c) => ({ label: nameOf(c), value: String(c.id) }))} placeholder={t('portalManage.edit.chooseCategory')} className="pm-category" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="deptId" label={label('deptId')}>
                <TreeSelect allowClear showSearch treeNodeFilterProp="title" treeDefaultExpandAll treeData={depts.data ?? []} loading={depts.isLoading} placeholder={t('portalManage.edit.chooseDept')} className="pm-dept" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="specialServiceId" label={label('specialServiceId')}>
                <Select allowClear showSearch optionFilterProp="label" options={(specials.data ?? []).map((s) => ({ label: nameOf(s), value: String(s.id) }))} placeholder={t('portalManage.edit.noSpecial')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="icon" label={label('icon')} rules={max('icon')}>
                <IconPicker />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="color" label={label('color')} rules={pattern('color')}>
                <ColorInput />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="summary" label={label('summary')} rules={max('summary')}>
                <Input.TextArea rows={2} showCount maxLength={F.summary.length} placeholder={t('portalManage.edit.summaryPlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="summaryEn" label={label('summaryEn')} rules={max('summaryEn')}>
                <Input.TextArea rows={2} showCount maxLength={F.summaryEn.length} placeholder={t('portalManage.edit.enPlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="keywords" label={label('keywords')} rules={max('keywords')} extra={t('portalManage.edit.keywordsHelp')}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name="sort" label={label('sort')} rules={[{ required: true, message: t('portalManage.edit.sortRequired') }]}>
                <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name="isHot" label={label('isHot')}>{radio('isHot')}</Form.Item>
            </Col>
            <Col xs={24} md={4}>
              <Form.Item name="status" label={label('status')}>
                <Radio.Group optionType="button" options={[{ value: 1, label: t('common.enabled') }, { value: 0, label: t('common.disabled') }]} className="pm-status" />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title={t('portalManage.edit.handling')} className="pm-edit-card" id="pm-handling">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="itemWay" label={label('itemWay')} rules={[{ required: true }]} extra={t(`portalManage.edit.itemWayHelp${itemWay}`)}>{radio('itemWay')}</Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="handleType" label={label('handleType')} rules={[{ required: true }]}>{radio('handleType')}</Form.Item>
            </Col>
            <Col xs={24} md={12}>
              {itemWay === 1 ? (
                <Form.Item name="itemHandle" label={label('itemHandle')} rules={[{ required: true, message: t('portalManage.edit.processRequired') }]} extra={t('portalManage.edit.processHelp')}>
                  <Select showSearch allowClear optionFilterProp="label" loading={processes.isLoading} options={processOptions} placeholder={t('portalManage.edit.chooseProcess')} className="pm-process" notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('portalManage.edit.noProcess')} />} />
                </Form.Item>
              ) : (
                <Form.Item name="itemUrl" label={label('itemUrl')} rules={[{ required: true, whitespace: true, message: t('portalManage.edit.urlRequired') }, ...pattern('itemUrl'), ...max('itemUrl')]}>
                  <Input placeholder="https://" className="pm-url" />
                </Form.Item>
              )}
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="openWay" label={label('openWay')} rules={[{ required: true }]} extra={t('portalManage.edit.openWayHelp')}>{radio('openWay')}</Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title={t('portalManage.edit.guide')} className="pm-edit-card" id="pm-guide">
          <Row gutter={16}>
            <Col xs={24}>
              <Form.Item name="introduce" label={label('introduce')} rules={max('introduce')}>
                <Input.TextArea rows={5} placeholder={t('portalManage.edit.introducePlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="introduceEn" label={label('introduceEn')} rules={max('introduceEn')}>
                <Input.TextArea rows={4} placeholder={t('portalManage.edit.enPlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="timeLimit" label={label('timeLimit')} rules={max('timeLimit')}>
                <Input placeholder={t('portalManage.edit.timeLimitPlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="timeLimitEn" label={label('timeLimitEn')} rules={max('timeLimitEn')}>
                <Input placeholder={t('portalManage.edit.enPlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="fee" label={label('fee')} rules={max('fee')}>
                <Input placeholder={t('portalManage.edit.feePlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="feeEn" label={label('feeEn')} rules={max('feeEn')}>
                <Input placeholder={t('portalManage.edit.enPlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="handleAddress" label={label('handleAddress')} rules={max('handleAddress')}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="handleAddressEn" label={label('handleAddressEn')} rules={max('handleAddressEn')}>
                <Input placeholder={t('portalManage.edit.enPlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="contactPerson" label={label('contactPerson')} rules={max('contactPerson')}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="contactPersonEn" label={label('contactPersonEn')} rules={max('contactPersonEn')}>
                <Input placeholder={t('portalManage.edit.enPlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="contactPhone" label={label('contactPhone')} rules={[...max('contactPhone'), { pattern: /^[\d\s()+\-,，转]*$/, message: t('portalManage.edit.phoneInvalid') }]}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item label={label('materials')}>
                <MaterialsEditor />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item label={label('steps')}>
                <StepsEditor />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="basis" label={label('basis')} rules={max('basis')}>
                <Input.TextArea rows={2} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="basisEn" label={label('basisEn')} rules={max('basisEn')}>
                <Input.TextArea rows={2} placeholder={t('portalManage.edit.enPlaceholder')} />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title={t('portalManage.edit.audience')} className="pm-edit-card" id="pm-audience">
          <AudienceEditor people={people} onPeople={setPeople} loadingPeople={loadingPeople} />
        </Card>

        <Card title={t('portalManage.edit.validity')} className="pm-edit-card" id="pm-validity">
          <ValidityEditor />
        </Card>
      </Form>
      <div className="pm-edit-footer">
        <Space>
          <Button onClick={() => leave(row?.specialServiceId)}>{t('common.cancel')}</Button>
          {may && (
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} className="pm-save" data-testid="pm-save">
              {t('common.save')}
            </Button>
          )}
        </Space>
      </div>
    </div>
  );
}
