// What the app's template lists (打印模板, 导出模板) share: the ProTable's look and paging, the name /
// type search of the list request, and the remove button with its confirm.
import type { ActionType, ProTableProps } from '@ant-design/pro-components';
import { Button, Modal, message } from 'antd';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { http } from '../../api/request';
import { totalText } from '../../api/crud';
import { website } from '../../website';

/** The list's frame: search labels, scrolling, toolbar options and paging. */
export function templateTableProps(t: TFunction): Pick<ProTableProps<object, object>, 'search' | 'scroll' | 'options' | 'pagination'> {
  return {
    search: { labelWidth: 'auto' },
    scroll: { x: 'max-content' },
    options: { reload: true, density: false, setting: false, fullScreen: false },
    pagination: { defaultPageSize: website.defaultPageSize, pageSizeOptions: website.pageSizes.map(String), showSizeChanger: true, showTotal: (n) => totalText(t, n) },
  };
}

/** The list request's paging and the name (like) / type (equal) search of the app's templates. */
export function templateQuery(appId: string, q: { current?: number; pageSize?: number; templateName?: string; templateType?: string }) {
  return {
    appId, current: q.current, size: q.pageSize,
    ...(q.templateName ? { templateName_like: q.templateName } : {}),
    ...(q.templateType ? { templateType_equal: q.templateType } : {}),
  };
}

/** 删除: asks, removes the template at `${base}/remove` and reloads the list. */
export function RemoveTemplateButton({ base, id, list }: { base: string; id: string; list: RefObject<ActionType | null> }) {
  const { t } = useTranslation();
  return (
    <Button
      type="link"
      size="small"
      danger
      onClick={() =>
        Modal.confirm({
          title: t('common.tip'),
          content: t('miniApp.design.common.removeConfirm'),
          okButtonProps: { danger: true },
          onOk: async () => {
            await http.post(`${base}/remove`, undefined, { params: { ids: id } });
            message.success(t('miniApp.design.common.removed'));
            list.current?.reload();
          },
        })
      }
    >
      {t('common.delete')}
    </Button>
  );
}
