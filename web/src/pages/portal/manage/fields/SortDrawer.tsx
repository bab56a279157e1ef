// Putting rows in order (a floor's columns, the recommended services): drag a row by its handle or
// move it with the arrows, then save; the order is sent as [{ id, sort }] with sort 1, 2, 3 …
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Drawer, Empty, Space, Spin, Typography, message } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import type { SortItem } from '../api';

export interface SortRow {
  id: string;
  title: ReactNode;
  extra?: ReactNode;
}

function Row({ row, index, count, move }: { row: SortRow; index: number; count: number; move: (from: number, to: number) => void }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: row.id });
  return (
    <div
      ref={setNodeRef}
      className={`pm-sort-row${isDragging ? ' is-dragging' : ''}`}
      data-id={row.id}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <span className="pm-sort-handle" {...attributes} {...listeners} aria-label={t('portalManage.sort.drag')}>
        <HolderOutlined />
      </span>
      <Typography.Text type="secondary" className="pm-sort-index">{index + 1}</Typography.Text>
      <span className="pm-sort-title">{row.title}</span>
      {row.extra && <span className="pm-sort-extra">{row.extra}</span>}
      <Space size={0}>
        <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, index - 1)} className="pm-sort-up" aria-label={t('portalManage.sort.up')} />
        <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={index === count - 1} onClick={() => move(index, index + 1)} className="pm-sort-down" aria-label={t('portalManage.sort.down')} />
      </Space>
    </div>
  );
}

export function SortDrawer({ open, title, help, load, save, onClose, onSaved }: {
  open: boolean;
  title: string;
  help?: string;
  /** the rows in their current order */
  load: () => Promise<SortRow[]>;
  save: (items: SortItem[]) => Promise<unknown>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<SortRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    setDirty(false);
    load()
      .then((r) => live && setRows(r))
      .catch(() => live && setRows([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= rows.length || from === to) return;
    setRows((r) => arrayMove(r, from, to));
    setDirty(true);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(rows.findIndex((r) => r.id === active.id), rows.findIndex((r) => r.id === over.id));
  };
  return (
    <Drawer
      open={open}
      title={title}
      width={Math.min(560, window.innerWidth)}
      onClose={onClose}
      destroyOnHidden
      className="pm-sort-drawer"
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            loading={saving}
            disabled={!dirty}
            className="pm-sort-save"
            onClick={async () => {
              setSaving(true);
              try {
                await save(rows.map((r, i) => ({ id: r.id, sort: i + 1 })));
                message.success(t('portalManage.sort.saved'));
                onSaved();
              } finally {
                setSaving(false);
              }
            }}
          >
            {t('portalManage.sort.save')}
          </Button>
        </Space>
      }
    >
      {help && <Typography.Paragraph type="secondary">{help}</Typography.Paragraph>}
      <Spin spinning={loading}>
        {!rows.length && !loading ? (
          <Empty />
        ) : (
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={rows.map((r) => r.id)} strategy={verticalListSortingStrategy}>
              <div className="pm-sort-list">
                {rows.map((r, i) => (
                  <Row key={r.id} row={r} index={i} count={rows.length} move={move} />
                ))}
              </div>
            </SortableContext>
          </DndContext>
        )}
      </Spin>
    </Drawer>
  );
}
