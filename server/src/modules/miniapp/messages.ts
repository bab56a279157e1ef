// The micro-app builder's server texts, [zh, en] with {name} placeholders.
import type { Message } from '../../http/messages.ts';

export const MSG = {
  noModel: ['数据模型不存在', 'The data model does not exist'],
  onlyAdmins: ['仅创建者或管理员可以管理微应用', 'Only the creator or an administrator may manage micro-apps'],
  noFields: ['模型“{model}”还没有字段，请先添加字段', 'The model "{model}" has no fields yet: add its fields first'],
  parentFirst: ['请先为主模型“{parent}”建表', 'Create the table of the main model "{parent}" first'],
  parentMissing: ['主模型不存在或本身是子模型', 'The main model does not exist or is itself a child model'],
  relationNeeded: ['子模型须选择与主模型的关系（一对一或一对多）', 'A child model needs its relation to the main model (one to one or one to many)'],
  reservedField: ['字段名“{field}”与系统字段或保留字冲突', 'The field name "{field}" clashes with a system column or a reserved word'],
  fieldTaken: ['该模型已有字段“{field}”', 'The model already has a field "{field}"'],
  notSearchable: ['{type}类型的字段不能设为可搜索', 'A field of type {type} cannot be searchable'],
  typeChanged: ['字段“{field}”已有数据，不能从 {from} 改为 {to}', 'The field "{field}" holds data: it cannot change from {from} to {to}'],
  fieldHasData: ['字段“{field}”已有数据，不能删除', 'The field "{field}" holds data and cannot be removed'],
  tableHasData: ['模型“{model}”的表中已有数据，不能删除该模型', 'The table of the model "{model}" holds data: the model cannot be removed'],
  hasChildren: ['模型“{model}”还有子模型，请先删除子模型', 'The model "{model}" has child models: remove them first'],
  tableChangeFailed: ['建表失败：{reason}', 'The table could not be made: {reason}'],
  tableFixed: ['模型已建表，不能再修改表名或主模型', 'The model has its table: its table name and main model cannot change'],
  noApp: ['微应用不存在', 'The micro-app does not exist'],
  noCategory: ['应用分类不存在', 'The app category does not exist'],
  categoryHasChildren: ['该分类下还有子分类，请先删除子分类', 'The category has sub-categories: remove them first'],
  categoryHasApps: ['该分类下还有微应用，请先移走这些应用', 'The category still holds micro-apps: move them first'],
  notMainModel: ['微应用的数据模型须为本租户的主模型', 'A micro-app\'s data model must be a main model of this tenant'],
  badForm: ['表单设计有误：{problems}', 'The form design has problems: {problems}'],
  badParentMenu: ['上级菜单须为同一应用的其他菜单', 'The parent menu must be another menu of the same app'],
  noTable: ['该模型尚未建表', 'The model has no table yet'],
} satisfies Record<string, Message>;
