// App categories and the app list of the managers (001 §7.1 /api/appCategory/appCategory, appInfo).
import { appCategoryModel } from '@campus/schema';
import { crud } from '../../../api/crud';
import { http } from '../../../api/request';

export interface AppCategory {
  id: string;
  parentId?: string | null;
  categoryName: string;
  icon?: string | null;
  sort: number;
  remark?: string | null;
  children?: AppCategory[];
}

/** A node of the categories' tree call (system tree shape: title / value / key plus the category's fields). */
export interface CategoryNode {
  id: string;
  parentId?: string | null;
  title: string;
  value: string;
  key: string;
  categoryName: string;
  sort: number;
  children?: CategoryNode[];
}

export const categoryApi = crud<AppCategory>(appCategoryModel.api);
export const categoryTree = () => http.get<CategoryNode[]>(`${appCategoryModel.api}/tree`);

/** The categories by id with their names (a tree flattened). */
export function categoryNames(nodes: CategoryNode[] = [], into = new Map<string, string>()): Map<string, string> {
  for (const n of nodes) {
    into.set(String(n.id), n.categoryName ?? n.title);
    if (n.children?.length) categoryNames(n.children, into);
  }
  return into;
}

/** The ids of a category and of all below it. */
export function categoryAndBelow(nodes: CategoryNode[], id: string): string[] {
  const walk = (list: CategoryNode[], inside: boolean): string[] => list.flatMap((n) => {
    const here = inside || String(n.id) === id;
    return [...(here ? [String(n.id)] : []), ...walk(n.children ?? [], here)];
  });
  return walk(nodes, false);
}
