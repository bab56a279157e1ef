import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Descriptions, Empty, Form, Input, InputNumber, Modal, Space, Spin, Tag, Tree, message } from 'antd';
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import type { EventDataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import { RegionPicker } from '../../components/RegionPicker';
import { regionDetail, regionLazyTree, regionRemove, regionSubmit, type Region } from '../../api/admin';

interface Node {
  key: string;
  title: string;
  isLeaf: boolean;
  level: number;
  children?: Node[];
}

const toNodes = (rows: Awaited<ReturnType<typeof regionLazyTree>>): Node[] =>
  rows.map((r) => ({ key: r.value, title: r.title, isLeaf: !r.hasChildren, level: r.regionLevel }));

function setChildren(nodes: Node[], key: string, children: Node[]): Node[] {
  return nodes.map((n) =>
    n.key === key ? { ...n, children, isLeaf: !children.length } : n.children ? { ...n, children: setChildren(n.children, key, children) } : n,
  );
}

const LEVEL_COLORS = ['', 'blue', 'green', 'orange'];

/** 行政区划: the lazy region tree on the left, the chosen region (detail and edit) on the right. */
export default function RegionPage() {
  const { t } = useTranslation();
  const [tree, setTree] = useState<Node[] | null>(null);
  const [loadedKeys, setLoadedKeys] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [current, setCurrent] = useState<Region | null>(null);
  const [mode, setMode] = useState<'view' | 'add'>('view');
  const [form] = Form.useForm<{ code: string; name: string; sort: number; remark?: string }>();

  useEffect(() => {
    void regionLazyTree('00').then((rows) => setTree(toNodes(rows)));
  }, []);

  const loadLevel = useCallback(async (key: string) => {
    const rows = await regionLazyTree(key);
    setTree((nodes) => setChildren(nodes ?? [], key, toNodes(rows)));
    setLoadedKeys((k) => [...k, key]);
  }, []);

  const choose = async (code: string) => {
    const r = await regionDetail(code);
    setCurrent(r);
    setMode('view');
    form.setFieldsValue({ code: r?.code, name: r?.name, sort: r?.sort ?? 1, remark: r?.remark ?? undefined });
  };

  const startAdd = () => {
    setMode('add');
    form.setFieldsValue({ code: current?.code ?? '', name: '', sort: 1, remark: undefined });
  };

  const save = async () => {
    const v = await form.validateFields();
    const parentCode = mode === 'add' ? (current?.code ?? '00') : current!.parentCode;
    await regionSubmit({ ...v, parentCode });
    message.success(t('common.success'));
    if (parentCode === '00') setTree(toNodes(await regionLazyTree('00')));
    else await loadLevel(parentCode);
    await choose(v.code);
  };

  const remove = () => {
    if (!current) return;
    Modal.confirm({
      title: t('common.tip'),
      content: t('common.confirmDelete'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await regionRemove([current.code]);
        message.success(t('common.success'));
        if (current.parentCode === '00') setTree(toNodes(await regionLazyTree('00')));
        else await loadLevel(current.parentCode);
        setCurrent(null);
      },
    });
  };

  const levelName = (n?: number) => (n ? t(`region.level${n}`) : '-');
  const maxChildLevel = (current?.regionLevel ?? 0) < 3;

  return (
    <div className="side-tree-layout region-page">
      <Card size="small" title={t('region.tree')} className="side-tree">
        {!tree ? (
          <Spin size="small" />
        ) : (
          <Tree<Node>
            blockNode
            treeData={tree}
            loadedKeys={loadedKeys}
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys.map(String))}
            selectedKeys={current ? [current.code] : []}
            loadData={(node: EventDataNode<Node>) => loadLevel(String(node.key))}
            onSelect={(keys) => keys.length && void choose(String(keys[0]))}
          />
        )}
      </Card>
      <div className="side-main">
        <Card
          size="small"
          title={t('region.title')}
          extra={
            <Space>
              <RegionPicker style={{ width: 300 }} placeholder={t('region.locate')} onChange={(codes) => codes.length && void choose(codes[codes.length - 1])} />
              {(!current || maxChildLevel) && (
                <Button icon={<PlusOutlined />} type="primary" onClick={startAdd}>
                  {current ? t('region.addChild') : t('region.addProvince')}
                </Button>
              )}
            </Space>
          }
        >
          {!current && mode === 'view' ? (
            <Empty description={t('region.choose')} />
          ) : (
            <div className="region-detail">
              {current && (
                <Descriptions bordered size="small" column={2} style={{ marginBottom: 16 }}>
                  <Descriptions.Item label={t('region.code')}>{current.code}</Descriptions.Item>
                  <Descriptions.Item label={t('region.level')}>
                    <Tag color={LEVEL_COLORS[current.regionLevel ?? 0]}>{levelName(current.regionLevel)}</Tag>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('region.name')}>{current.name}</Descriptions.Item>
                  <Descriptions.Item label={t('region.parentCode')}>{current.parentCode}</Descriptions.Item>
                  <Descriptions.Item label={t('region.path')} span={2}>
                    {[current.provinceName, current.regionLevel! >= 2 ? current.cityName : null, current.regionLevel! >= 3 ? current.districtName : null]
                      .filter(Boolean)
                      .join(' / ')}
                  </Descriptions.Item>
                </Descriptions>
              )}
              <Card size="small" type="inner" title={mode === 'add' ? (current ? t('region.addChildOf', { name: current.name }) : t('region.addProvince')) : t('region.edit')}>
                <Form form={form} layout="vertical" style={{ maxWidth: 560 }}>
                  <Form.Item
                    name="code"
                    label={t('region.code')}
                    extra={mode === 'add' ? t('region.codeHelp') : undefined}
                    rules={[
                      { required: true, message: t('region.codeRequired') },
                      { pattern: /^\d{2,12}$/, message: t('region.codeFormat') },
                    ]}
                  >
                    <Input disabled={mode !== 'add'} />
                  </Form.Item>
                  <Form.Item name="name" label={t('region.name')} rules={[{ required: true, message: t('region.nameRequired') }]}>
                    <Input />
                  </Form.Item>
                  <Form.Item name="sort" label={t('common.sort')}>
                    <InputNumber min={0} style={{ width: '100%' }} />
                  </Form.Item>
                  <Form.Item name="remark" label={t('common.remark')}>
                    <Input.TextArea rows={2} />
                  </Form.Item>
                  <Space>
                    <Button type="primary" icon={<SaveOutlined />} onClick={() => void save()}>
                      {t('common.save')}
                    </Button>
                    {mode === 'add' && <Button onClick={() => (current ? void choose(current.code) : setMode('view'))}>{t('common.cancel')}</Button>}
                    {mode === 'view' && current && (
                      <Button danger icon={<DeleteOutlined />} onClick={remove}>
                        {t('common.delete')}
                      </Button>
                    )}
                  </Space>
                </Form>
              </Card>
            </div>
          )}
        </Card>
      </div>
    </div>
  );
}
