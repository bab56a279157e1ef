import { createElement, type ReactNode } from 'react';
// The whole set, statically: menus name their icons as data. Loading it with import() instead was
// tried: the bundler then put every icon into one chunk shared with the login page's few icons
// (the login route grew from 332 to 489 KB gzip), so it stays with the admin layout.
import * as AntIcons from '@ant-design/icons';

const warned = new Set<string>();

/** Menu `source` is an @ant-design/icons component name; anything else is ignored with a warning. */
export function menuIcon(source: string | undefined): ReactNode {
  if (!source) return null;
  const icon = (AntIcons as unknown as Record<string, unknown>)[source];
  const isIcon = /(Outlined|Filled|TwoTone)$/.test(source) && icon && (typeof icon === 'object' || typeof icon === 'function');
  if (!isIcon) {
    if (!warned.has(source)) {
      warned.add(source);
      console.warn('图标地址转换异常', source);
    }
    return null;
  }
  return createElement(icon as Parameters<typeof createElement>[0]);
}
