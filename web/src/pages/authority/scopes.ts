import type { FieldOption } from '../../components/ResourceList';

/** 数据权限 scope types (002): 5 = the departments listed in scopeValue. */
export const scopeTypes: FieldOption[] = [
  { label: 'scope.type1', value: 1, color: 'blue' },
  { label: 'scope.type2', value: 2, color: 'cyan' },
  { label: 'scope.type3', value: 3, color: 'green' },
  { label: 'scope.type4', value: 4, color: 'geekblue' },
  { label: 'scope.type5', value: 5, color: 'orange' },
];

/** 接口权限 types (SpringBlade's api_scope_type): a classification; every type guards its path alike. */
export const apiScopeTypes: FieldOption[] = [
  { label: 'scope.apiType1', value: 1, color: 'blue' },
  { label: 'scope.apiType2', value: 2, color: 'green' },
];

export const scopeColumns: FieldOption[] = [
  { label: 'scope.colCreateDept', value: 'create_dept' },
  { label: 'scope.colCreateUser', value: 'create_user' },
  { label: 'scope.colDeptId', value: 'dept_id' },
  { label: 'scope.colId', value: 'id' },
];
