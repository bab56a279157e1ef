// The form designer: a palette of field types, a canvas where fields are dropped, reordered and
// chosen (dnd-kit), the settings of the chosen field or of the whole form, and a live preview that
// is the real FormRenderer. It edits a design state (palette.ts) and hands back the option to save.
import { useMemo, useState, type ReactNode } from 'react';
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  KeyboardSensor,
  closestCenter,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type CollisionDetection,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, rectSortingStrategy, sortableKeyboardCoordinates, useSortable, horizontalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Card, Col, Dropdown, Empty, Form, InputNumber, Row, Segmented, Space, Tabs, Tag, Tooltip, Typography, message } from 'antd';
import {
  AppstoreAddOutlined,
  BorderOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  ClockCircleOutlined,
  CloudUploadOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  EnvironmentOutlined,
  FieldNumberOutlined,
  FileTextOutlined,
  FontSizeOutlined,
  HolderOutlined,
  LineOutlined,
  PlusOutlined,
  ApartmentOutlined,
  SwapOutlined,
  TableOutlined,
  UnorderedListOutlined,
  UserOutlined,
  FieldTimeOutlined,
  CheckCircleOutlined,
  FormOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FormRenderer, defaultsOf, sessionTemplateContext, validateForm } from '../workflow/FormRenderer';
import { Control } from '../workflow/form-fields';
import { FULL_WIDTH_TYPES, isRequired, LAYOUT_TYPES, typeOf, type FieldType, type FormOption } from '../workflow/form-schema';
import { FieldProps, NoSelection } from './FieldProps';
import { FormSetsPanel, insertVariableInto, useDesignSets, type DesignSets } from './FormSets';
import { layoutOf } from '../workflow/form-sets';
import { PALETTE, SUB_TYPES, copyColumn, findColumn, fromDesign, newColumn, propsOf, removeColumn, updateColumn, type DesignColumn, type DesignOption } from './palette';
import './designer.css';

const ICONS: Record<string, ReactNode> = {
  input: <FontSizeOutlined />,
  textarea: <FileTextOutlined />,
  number: <FieldNumberOutlined />,
  switch: <SwapOutlined />,
  select: <UnorderedListOutlined />,
  radio: <CheckCircleOutlined />,
  checkbox: <CheckSquareOutlined />,
  date: <CalendarOutlined />,
  datetime: <FieldTimeOutlined />,
  time: <ClockCircleOutlined />,
  daterange: <CalendarOutlined />,
  upload: <CloudUploadOutlined />,
  richtext: <FormOutlined />,
  user: <UserOutlined />,
  dept: <ApartmentOutlined />,
  region: <EnvironmentOutlined />,
  signature: <EditOutlined />,
  dynamic: <TableOutlined />,
  divider: <LineOutlined />,
};

const NEW = 'new:';
const CANVAS = 'canvas';
const SUB = 'sub:';

/**
 * What the pointer is over, innermost first (a sub-form column, the sub-form, a field, the canvas);
 * closest centre when the pointer is over none of them.
 */
const collide: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  if (!within.length) return closestCenter(args);
  const rank = (c: (typeof within)[number]) => {
    const id = String(c.id);
    if (id === CANVAS) return 3;
    if (id.startsWith(SUB)) return 1;
    const parent = (args.droppableContainers.find((d) => d.id === c.id)?.data.current as { parent?: string | null } | undefined)?.parent;
    return parent ? 0 : 2;
  };
  return [...within].sort((a, b) => rank(a) - rank(b));
};

function PaletteItem({ type, onAdd }: { type: FieldType; onAdd: () => void }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `${NEW}${type}`, data: { type } });
  return (
    <div ref={setNodeRef} {...attributes} {...listeners} className={`fd-palette-item${isDragging ? ' dragging' : ''}`} data-type={type} onClick={onAdd} title={t('fd.paletteHint')}>
      {ICONS[type]}
      <span>{t(`fd.type.${type}`)}</span>
    </div>
  );
}

/** What a field looks like on the canvas: its label and the real control, not clickable. */
function FieldPreview({ column: c, variables }: { column: DesignColumn; variables?: Record<string, string> }) {
  const { t } = useTranslation();
  const type = typeOf(c);
  if (LAYOUT_TYPES.has(type)) return <div className="fd-divider-preview">{c.label}</div>;
  return (
    <div className="fd-field-preview">
      <div className="fd-field-label">
        {isRequired(c) && <span className="fd-required">*</span>}
        {c.label || <Typography.Text type="secondary">{t('fd.prop.labelRequired')}</Typography.Text>}
        <Tag className="fd-prop-tag">{c.prop}</Tag>
      </div>
      <div className="fd-field-control" aria-hidden>
        <Control column={{ ...c, value: undefined }} value={defaultsOf({ column: [c], variables })[c.prop]} disabled={!!c.disabled} templateContext={sessionTemplateContext} />
      </div>
    </div>
  );
}

function SubColumn({ column: c, parentKey, selected, onSelect, onRemove }: { column: DesignColumn; parentKey: string; selected: boolean; onSelect: () => void; onRemove: () => void }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: c.$key, data: { parent: parentKey } });
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      {...attributes}
      {...listeners}
      className={`fd-sub-col${selected ? ' selected' : ''}${isDragging ? ' dragging' : ''}`}
      data-prop={c.prop}
      onClick={(e) => {
        e.stopPropagation();
        onSelect();
      }}
    >
      <div className="fd-sub-col-head">
        {isRequired(c) && <span className="fd-required">*</span>}
        {c.label}
        {selected && (
          <DeleteOutlined
            className="fd-sub-col-delete"
            aria-label={t('common.delete')}
            onClick={(e) => {
              e.stopPropagation();
              onRemove();
            }}
          />
        )}
      </div>
      <div className="fd-sub-col-type">
        {ICONS[typeOf(c)]} {t(`fd.type.${typeOf(c)}`)}
      </div>
    </div>
  );
}

function SubTableEditor({ column: c, selectedKey, onSelect, onAdd, onRemove }: { column: DesignColumn; selectedKey: string | null; onSelect: (key: string) => void; onAdd: (type: FieldType) => void; onRemove: (key: string) => void }) {
  const { t } = useTranslation();
  const children = c.children?.column ?? [];
  const { setNodeRef, isOver } = useDroppable({ id: `${SUB}${c.$key}` });
  return (
    <div className="fd-field-preview">
      <div className="fd-field-label">
        {c.label}
        <Tag className="fd-prop-tag">{c.prop}</Tag>
      </div>
      <div ref={setNodeRef} className={`fd-sub-table${isOver ? ' over' : ''}`}>
        <SortableContext items={children.map((x) => x.$key)} strategy={horizontalListSortingStrategy}>
          {children.map((x) => (
            <SubColumn key={x.$key} column={x} parentKey={c.$key} selected={selectedKey === x.$key} onSelect={() => onSelect(x.$key)} onRemove={() => onRemove(x.$key)} />
          ))}
        </SortableContext>
        {!children.length && <span className="fd-sub-empty">{t('fd.subDrop')}</span>}
        <Dropdown
          trigger={['click']}
          menu={{ items: SUB_TYPES.map((type) => ({ key: type, icon: ICONS[type], label: t(`fd.type.${type}`) })), onClick: ({ key, domEvent }) => { domEvent.stopPropagation(); onAdd(key as FieldType); } }}
        >
          <Button size="small" type="dashed" icon={<PlusOutlined />} className="fd-sub-add" onClick={(e) => e.stopPropagation()}>
            {t('fd.addColumn')}
          </Button>
        </Dropdown>
      </div>
    </div>
  );
}

function CanvasField({
  column: c,
  span,
  selected,
  dropBefore,
  selectedKey,
  variables,
  onSelect,
  onCopy,
  onRemove,
  onAddChild,
}: {
  column: DesignColumn;
  variables?: Record<string, string>;
  span: number;
  selected: boolean;
  dropBefore: boolean;
  selectedKey: string | null;
  onSelect: (key: string) => void;
  onCopy: () => void;
  onRemove: (key: string) => void;
  onAddChild: (type: FieldType) => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: c.$key, data: { parent: null } });
  return (
    <Col span={span} className="fd-canvas-col">
      <div
        ref={setNodeRef}
        style={{ transform: CSS.Translate.toString(transform), transition }}
        className={`fd-canvas-field${selected ? ' selected' : ''}${isDragging ? ' dragging' : ''}${dropBefore ? ' drop-before' : ''}`}
        data-prop={c.prop}
        data-type={typeOf(c)}
        onClick={() => onSelect(c.$key)}
        {...attributes}
        {...listeners}
      >
        <span className="fd-drag-handle" aria-label={t('fd.drag')}>
          <HolderOutlined />
        </span>
        {typeOf(c) === 'dynamic' ? (
          <SubTableEditor column={c} selectedKey={selectedKey} onSelect={onSelect} onAdd={onAddChild} onRemove={onRemove} />
        ) : (
          <FieldPreview column={c} variables={variables} />
        )}
        {selected && (
          <div className="fd-field-tools">
            <Tooltip title={t('fd.copy')}>
              <Button
                size="small"
                type="primary"
                icon={<CopyOutlined />}
                className="fd-copy"
                onClick={(e) => {
                  e.stopPropagation();
                  onCopy();
                }}
              />
            </Tooltip>
            <Tooltip title={t('common.delete')}>
              <Button
                size="small"
                danger
                type="primary"
                icon={<DeleteOutlined />}
                className="fd-delete"
                onClick={(e) => {
                  e.stopPropagation();
                  onRemove(c.$key);
                }}
              />
            </Tooltip>
          </div>
        )}
      </div>
    </Col>
  );
}

function Canvas({ children, empty }: { children: ReactNode; empty: boolean }) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: CANVAS });
  return (
    <div ref={setNodeRef} className={`fd-canvas${isOver ? ' over' : ''}`} data-testid="fd-canvas">
      {empty ? <Empty className="fd-canvas-empty" image={<AppstoreAddOutlined style={{ fontSize: 48, color: '#bfbfbf' }} />} description={t('fd.canvasEmpty')} /> : children}
    </div>
  );
}

function FormSettings({ design, sets, onChange, onReplace }: { design: DesignOption; sets: DesignSets; onChange: (patch: Partial<DesignOption>) => void; onReplace: (d: DesignOption) => void }) {
  const { t } = useTranslation();
  // what the form is drawn with: its own settings, else its theme's (form-sets.ts)
  const layout = layoutOf(design as unknown as FormOption);
  return (
    <Form layout="vertical" size="small" className="fd-props fd-form-props">
      <Form.Item label={t('fd.form.labelPosition')}>
        <Segmented
          block
          aria-label={t('fd.form.labelPosition')}
          value={layout.labelPosition}
          options={[
            { label: t('fd.form.top'), value: 'top' },
            { label: t('fd.form.left'), value: 'left' },
            { label: t('fd.form.right'), value: 'right' },
          ]}
          onChange={(v) => onChange({ labelPosition: v as DesignOption['labelPosition'] })}
          className="fd-label-position"
        />
      </Form.Item>
      <Form.Item label={t('fd.form.labelWidth')} extra={t('fd.form.labelWidthHelp')}>
        <InputNumber min={40} max={400} addonAfter="px" value={layout.labelWidth} onChange={(v) => onChange({ labelWidth: v ?? undefined })} disabled={layout.labelPosition === 'top'} />
      </Form.Item>
      <Form.Item label={t('fd.form.size')}>
        <Segmented
          block
          aria-label={t('fd.form.size')}
          value={layout.size ?? 'middle'}
          options={[
            { label: t('fd.form.small'), value: 'small' },
            { label: t('fd.form.middle'), value: 'middle' },
            { label: t('fd.form.large'), value: 'large' },
          ]}
          onChange={(v) => onChange({ size: v as DesignOption['size'] })}
        />
      </Form.Item>
      <Form.Item label={t('fd.form.span')} extra={t('fd.form.spanHelp')}>
        <InputNumber min={4} max={24} value={layout.span} onChange={(v) => onChange({ span: v ?? undefined })} />
      </Form.Item>
      <Form.Item label={t('fd.form.gutter')}>
        <InputNumber min={0} max={64} addonAfter="px" value={layout.gutter} onChange={(v) => onChange({ gutter: v ?? undefined })} />
      </Form.Item>
      <FormSetsPanel design={design} sets={sets} onChange={onReplace} />
    </Form>
  );
}

/** The live preview: the real renderer, with a submit that validates like the start page. */
export function LivePreview({ option }: { option: FormOption }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [values, setValues] = useState<string | null>(null);
  const initial = useMemo(() => defaultsOf(option), [option]);
  return (
    <div className="fd-preview" data-testid="fd-preview">
      <FormRenderer option={option} form={form} initialValues={initial} emptyText={t('fd.canvasEmpty')} />
      <div className="fd-preview-bar">
        <Space>
          <Button
            type="primary"
            className="fd-preview-submit"
            onClick={async () => {
              try {
                const v = await validateForm(form, option, () => true);
                setValues(JSON.stringify(v, null, 2));
                message.success(t('fd.previewPassed'));
              } catch (e) {
                setValues(null);
                message.error((e as Error).message);
              }
            }}
          >
            {t('fd.previewSubmit')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              form.setFieldsValue(initial);
              setValues(null);
            }}
          >
            {t('common.reset')}
          </Button>
        </Space>
      </div>
      {values && (
        <Card size="small" title={t('fd.previewValues')} className="fd-preview-values">
          <pre>{values}</pre>
        </Card>
      )}
    </div>
  );
}

export function FormDesigner({ design, onChange }: { design: DesignOption; onChange: (d: DesignOption) => void }) {
  const { t } = useTranslation();
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [mode, setMode] = useState<'design' | 'preview'>('design');
  const [tab, setTab] = useState<'field' | 'form'>('field');
  const [dragging, setDragging] = useState<string | null>(null);
  const [overId, setOverId] = useState<string | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const found = findColumn(design, selectedKey);
  const option = useMemo(() => fromDesign(design), [design]);
  const sets = useDesignSets();
  const layout = layoutOf(option);

  const select = (key: string | null) => {
    setSelectedKey(key);
    if (key) setTab('field');
  };
  const label = (type: FieldType) => t(`fd.type.${type}`);
  const addAt = (type: FieldType, index = design.column.length) => {
    const c = newColumn(type, label(type), propsOf(design.column));
    const column = [...design.column];
    column.splice(index, 0, c);
    onChange({ ...design, column });
    select(c.$key);
  };
  const addChild = (parentKey: string, type: FieldType) => {
    const parent = design.column.find((c) => c.$key === parentKey);
    if (!parent) return;
    if (!SUB_TYPES.includes(type)) {
      message.warning(t('fd.subTypeRefused', { type: label(type) }));
      return;
    }
    const c = newColumn(type, label(type), propsOf(parent.children?.column));
    delete c.span;
    onChange(updateColumn(design, parentKey, (p) => ({ ...p, children: { ...p.children, column: [...(p.children?.column ?? []), c] } })));
    select(c.$key);
  };
  const remove = (key: string) => {
    onChange(removeColumn(design, key));
    if (selectedKey === key || findColumn(design, key)?.column.children?.column?.some((x) => x.$key === selectedKey)) select(null);
  };
  const copy = (key: string) => {
    const i = design.column.findIndex((c) => c.$key === key);
    if (i < 0) return;
    const c = copyColumn(design.column[i], propsOf(design.column));
    const column = [...design.column];
    column.splice(i + 1, 0, c);
    onChange({ ...design, column });
    select(c.$key);
  };

  const onDragStart = (e: DragStartEvent) => setDragging(String(e.active.id));
  const onDragOver = (e: DragOverEvent) => setOverId(e.over ? String(e.over.id) : null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    setOverId(null);
    if (!over) return;
    const a = String(active.id);
    const o = String(over.id);
    const overParent = (over.data.current as { parent?: string | null } | undefined)?.parent ?? null;
    if (a.startsWith(NEW)) {
      const type = a.slice(NEW.length) as FieldType;
      if (o.startsWith(SUB)) return addChild(o.slice(SUB.length), type);
      if (overParent) return addChild(overParent, type);
      const index = o === CANVAS ? design.column.length : design.column.findIndex((c) => c.$key === o);
      return addAt(type, index < 0 ? design.column.length : index);
    }
    if (a === o) return;
    const activeParent = (active.data.current as { parent?: string | null } | undefined)?.parent ?? null;
    if (!activeParent && !overParent) {
      const from = design.column.findIndex((c) => c.$key === a);
      const to = o === CANVAS ? design.column.length - 1 : design.column.findIndex((c) => c.$key === o);
      if (from >= 0 && to >= 0) onChange({ ...design, column: arrayMove(design.column, from, to) });
    } else if (activeParent && activeParent === overParent) {
      onChange(
        updateColumn(design, activeParent, (p) => {
          const kids = p.children?.column ?? [];
          return { ...p, children: { ...p.children, column: arrayMove(kids, kids.findIndex((x) => x.$key === a), kids.findIndex((x) => x.$key === o)) } };
        }),
      );
    }
  };

  const siblings = found ? propsOf((found.parent ? found.parent.children?.column : design.column)?.filter((c) => c.$key !== found.column.$key)) : new Set<string>();

  return (
    <DndContext sensors={sensors} collisionDetection={collide} onDragStart={onDragStart} onDragOver={onDragOver} onDragEnd={onDragEnd} onDragCancel={() => setDragging(null)}>
      <div className="fd-designer">
        <Card size="small" title={t('fd.palette')} className="fd-palette">
          {PALETTE.map((g) => (
            <div key={g.key} className="fd-palette-group">
              <div className="fd-palette-title">{t(`fd.group.${g.key}`)}</div>
              <div className="fd-palette-grid">
                {g.types.map((type) => (
                  <PaletteItem key={type} type={type} onAdd={() => addAt(type)} />
                ))}
              </div>
            </div>
          ))}
        </Card>
        <Card
          size="small"
          className="fd-center"
          title={
            <Segmented
              aria-label={`${t('fd.modeDesign')} / ${t('fd.modePreview')}`}
              value={mode}
              onChange={(v) => setMode(v as 'design' | 'preview')}
              options={[
                { label: t('fd.modeDesign'), value: 'design', icon: <BorderOutlined /> },
                { label: t('fd.modePreview'), value: 'preview', icon: <FormOutlined /> },
              ]}
              className="fd-mode"
            />
          }
          extra={<Typography.Text type="secondary">{t('fd.fieldCount', { n: design.column.length })}</Typography.Text>}
        >
          {mode === 'preview' ? (
            <LivePreview option={option} />
          ) : (
            <Canvas empty={!design.column.length}>
              <SortableContext items={design.column.map((c) => c.$key)} strategy={rectSortingStrategy}>
                <Row gutter={[12, 12]} onClick={(e) => e.target === e.currentTarget && select(null)}>
                  {design.column.map((c) => (
                    <CanvasField
                      key={c.$key}
                      column={c}
                      span={FULL_WIDTH_TYPES.has(typeOf(c)) ? 24 : (c.span ?? layout.span)}
                      variables={design.variables}
                      selected={selectedKey === c.$key}
                      dropBefore={!!dragging?.startsWith(NEW) && overId === c.$key}
                      selectedKey={selectedKey}
                      onSelect={select}
                      onCopy={() => copy(c.$key)}
                      onRemove={remove}
                      onAddChild={(type) => addChild(c.$key, type)}
                    />
                  ))}
                </Row>
              </SortableContext>
            </Canvas>
          )}
        </Card>
        <Card size="small" className="fd-side">
          <Tabs
            size="small"
            activeKey={tab}
            onChange={(k) => setTab(k as 'field' | 'form')}
            items={[
              {
                key: 'field',
                label: t('fd.tabField'),
                children: found ? (
                  <FieldProps
                    column={found.column}
                    siblings={siblings}
                    inSubTable={!!found.parent}
                    onChange={(patch) => onChange(updateColumn(design, found.column.$key, (c) => ({ ...c, ...patch })))}
                    variables={sets.variables}
                    onInsertVariable={(v) => {
                      const r = insertVariableInto(design, found.column, v);
                      onChange({ ...updateColumn(design, found.column.$key, (c) => ({ ...c, value: r.value })), variables: r.variables });
                    }}
                  />
                ) : (
                  <NoSelection />
                ),
              },
              { key: 'form', label: t('fd.tabForm'), children: <FormSettings design={design} sets={sets} onChange={(patch) => onChange({ ...design, ...patch })} onReplace={onChange} /> },
            ]}
          />
        </Card>
      </div>
      <DragOverlay dropAnimation={null}>
        {dragging?.startsWith(NEW) ? (
          <div className="fd-palette-item overlay">
            {ICONS[dragging.slice(NEW.length)]}
            <span>{t(`fd.type.${dragging.slice(NEW.length)}`)}</span>
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
