// The settings of a micro-app (001 §3.2, §7.1; contract "App settings" of issue 15):
//   appSysConfig   one row per app: the data screen's page size, the pre-read notice shown before
//                  the form (with up to three attachments), the watermark
//   appOperate     the app's standard buttons: their labels (zh/en), order and on/off; a code without
//                  a row has its default (APP_OPERATE_DEFAULTS)
//   appDataSource  option sources a select field of the app's form may use: a dictionary, one
//                  SELECT (run only through the user-SQL executor) answering label and value, or the
//                  values of a field of another app of the tenant (read with the caller's rights)
// Who may call them: the app's creator or the administrator role change them; anyone with access
// to the app reads them (checked by the miniapp module, config-routes.ts).
import { defineModel } from '../model/define.ts';
import { APP_ID_FIELD, SORT_FIELD } from './miniapp-fields.ts';

const FLAG = [{ value: 0, label: ['否', 'No'] }, { value: 1, label: ['是', 'Yes'], color: 'blue' }] as const;
const MANAGERS = 'changing: the app\'s creator or the administrator role; reading: anyone with access to the app (the one evaluator), checked by the miniapp module';

/** The page sizes the data screen offers (001 §3.2 系统配置). */
export const APP_PAGE_SIZES = [10, 30, 50, 100, 200] as const;
/** Pre-read attachments: at most this many, each at most this many bytes. */
export const PRE_READ_MAX_FILES = 3;
export const PRE_READ_MAX_BYTES = 10 * 1024 * 1024;

/** An attachment of the pre-read notice (an upload's name and link). */
export interface PreReadFile { name: string; link: string; size?: number }
/** The pre-read notice people read before an app's data screen opens. */
export interface AppPreRead { enable: number; compelRead: number; title: string; readTime: number; relationFiles: PreReadFile[]; body: string }
/**
 * An app's settings as /api/appSysConfig/appSysConfig/detail answers them (the defaults when never
 * saved: id null) and submit takes them: the one shape the server, the settings screen and the data
 * screen share.
 */
export interface AppSysConfig { id?: string | null; appId: string; pageSize: number; watermark: number; preRead: AppPreRead }

export const appSysConfigModel = defineModel({
  name: 'appSysConfig', table: 'blade_app_sys_config', api: '/api/appSysConfig/appSysConfig', title: ['系统配置', 'App settings'], tenant: true,
  permission: null, access: MANAGERS,
  fields: {
    appId: APP_ID_FIELD,
    pageSize: {
      type: 'int', label: ['每页条数', 'Rows per page'], required: true, default: 10, ui: { width: 100, span: 12, form: 'select' },
      options: APP_PAGE_SIZES.map((n) => ({ value: n, label: [`${n} 条/页`, `${n} per page`] as const })),
    },
    preReadEnable: { type: 'int', label: ['启用预读', 'Pre-read on'], required: true, default: 0, options: FLAG, ui: { width: 90, span: 12, form: 'radio' } },
    preReadCompel: { type: 'int', label: ['强制阅读', 'Must be read'], required: true, default: 0, options: FLAG, ui: { width: 90, span: 12, form: 'radio' } },
    preReadTitle: { type: 'string', label: ['预读标题', 'Pre-read title'], length: 100, ui: { width: 180, span: 12 } },
    preReadTime: {
      type: 'int', label: ['阅读时长（秒）', 'Reading time (seconds)'], required: true, default: 5, min: 1, max: 9999,
      rangeMessage: ['阅读时长须在 1 到 9999 秒之间', 'The reading time must be from 1 to 9999 seconds'], ui: { width: 110, span: 12 },
    },
    preReadFiles: { type: 'text', label: ['相关附件', 'Attachments'], length: 20000, format: 'json', ui: { hideInTable: true, form: false } },
    preReadBody: { type: 'text', label: ['预读内容', 'Pre-read text'], length: 200000, ui: { hideInTable: true, form: 'textarea', rows: 6 } },
    watermark: { type: 'int', label: ['水印', 'Watermark'], required: true, default: 0, options: FLAG, ui: { width: 80, span: 12, form: 'radio' } },
  },
});

/** The standard buttons of an app's data screen, with their default labels and order. */
export const APP_OPERATE_DEFAULTS = [
  { operateCode: 'add', operateName: '新增', operateNameEn: 'Add' },
  { operateCode: 'edit', operateName: '编辑', operateNameEn: 'Edit' },
  { operateCode: 'delete', operateName: '删除', operateNameEn: 'Delete' },
  { operateCode: 'view', operateName: '查看', operateNameEn: 'View' },
  { operateCode: 'print', operateName: '打印', operateNameEn: 'Print' },
  { operateCode: 'template', operateName: '模板导出', operateNameEn: 'Export with template' },
  { operateCode: 'import', operateName: '导入', operateNameEn: 'Import' },
  { operateCode: 'export', operateName: '导出', operateNameEn: 'Export' },
  { operateCode: 'copy', operateName: '复制', operateNameEn: 'Copy' },
  { operateCode: 'batchEdit', operateName: '批量修改', operateNameEn: 'Batch edit' },
] as const;
export type AppOperateCode = (typeof APP_OPERATE_DEFAULTS)[number]['operateCode'];

export const appOperateModel = defineModel({
  name: 'appOperate', table: 'blade_app_operate', api: '/api/appOperate/appOperate', title: ['按钮配置', 'Buttons'], tenant: true,
  permission: null, access: MANAGERS,
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    appId: APP_ID_FIELD,
    operateCode: {
      type: 'string', label: ['按钮', 'Button'], length: 16, required: true, requiredMessage: ['请选择按钮', 'Please choose the button'], filter: 'equal', ui: { width: 110, span: 12, form: 'select' },
      options: APP_OPERATE_DEFAULTS.map((o) => ({ value: o.operateCode, label: [o.operateName, o.operateNameEn] as const })),
    },
    operateName: { type: 'string', label: ['按钮名称', 'Button label'], length: 32, required: true, requiredMessage: ['请输入按钮名称', 'Please enter the button label'], ui: { width: 140, span: 12 } },
    operateNameEn: { type: 'string', label: ['英文名称', 'English label'], length: 64, ui: { width: 160, span: 12 } },
    enabled: { type: 'int', label: ['启用', 'On'], required: true, default: 1, options: [{ value: 0, label: ['停用', 'Off'] }, { value: 1, label: ['启用', 'On'], color: 'green' }], ui: { width: 80, span: 12, form: 'radio' } },
    sort: SORT_FIELD,
  },
});

export const appDataSourceModel = defineModel({
  name: 'appDataSource', table: 'blade_app_data_source', api: '/api/appDataSource/appDataSource', title: ['数据源', 'Option sources'], tenant: true,
  permission: null, access: MANAGERS,
  order: [{ field: 'createTime', dir: 'asc' }],
  fields: {
    appId: APP_ID_FIELD,
    sourceName: { type: 'string', label: ['数据源名称', 'Source name'], length: 64, required: true, requiredMessage: ['请输入数据源名称', 'Please enter the source name'], filter: 'like', ui: { width: 180, span: 12 } },
    sourceType: {
      type: 'string', label: ['数据源类型', 'Source type'], length: 8, required: true, requiredMessage: ['请选择数据源类型', 'Please choose the source type'], filter: 'equal', ui: { width: 110, span: 12, form: 'radio' },
      options: [{ value: 'dict', label: ['字典', 'Dictionary'] }, { value: 'sql', label: ['SQL 查询', 'SQL query'], color: 'orange' }, { value: 'app', label: ['其他应用', 'Another app'], color: 'blue' }],
    },
    dictCode: { type: 'string', label: ['字典编码', 'Dictionary code'], length: 64, ui: { width: 130, span: 12 } },
    sqlContent: { type: 'text', label: ['SQL 语句', 'SQL statement'], length: 20000, ui: { hideInTable: true, form: 'textarea', rows: 6 } },
    refAppId: { type: 'id', label: ['引用应用', 'App read'], ui: { hideInTable: true, span: 12 } },
    refField: {
      type: 'string', label: ['引用字段', 'Field read'], length: 40, pattern: '^[a-z][a-zA-Z0-9]{0,39}$',
      patternMessage: ['字段名须为小写字母开头的字母或数字', 'The field name must be letters or digits starting with a lower-case letter'], ui: { width: 120, span: 12 },
    },
    remark: { type: 'string', label: ['备注', 'Remark'], length: 500, ui: { hideInTable: true, form: 'textarea', rows: 2 } },
  },
});

export const MINIAPP_CONFIG_MODELS = [appSysConfigModel, appOperateModel, appDataSourceModel];
