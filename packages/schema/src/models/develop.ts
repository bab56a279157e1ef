// Developer-tool entities defined once (define.ts): the server's routes and the web's screens both come from these.
import { defineModel } from '../model/define.ts';

/** Reusable validation patterns for designed forms (the server checks each can run in RE2). */
export const ruleModel = defineModel({
  name: 'rule', table: 'blade_rule', api: '/api/blade-ruleManager/rule', title: ['规则管理', 'Rules'], tenant: true, permission: 'rule',
  fields: {
    name: { type: 'string', label: ['规则名称', 'Rule name'], length: 100, required: true, filter: 'like', ui: { width: 180 } },
    // one kind so far: not on the screen
    ruleType: {
      type: 'string', label: ['规则类型', 'Rule type'], length: 16, required: true, default: 'regex',
      options: [{ value: 'regex', label: ['正则表达式', 'Regular expression'] }], ui: { form: false, hideInTable: true, detail: false },
    },
    ruleContent: { type: 'text', label: ['正则表达式', 'Regular expression'], length: 2000, required: true, ui: { ellipsis: true } },
    message: { type: 'string', label: ['提示信息', 'Message'], length: 255, ui: { width: 220, ellipsis: true } },
    remark: { type: 'string', label: ['备注', 'Remark'], length: 255, ui: { width: 180, ellipsis: true, form: 'textarea', rows: 2 } },
  },
});

/** Databases the developer tools read (PostgreSQL or MySQL over JDBC-style URLs); the password is write-only. */
export const datasourceModel = defineModel({
  name: 'datasource', table: 'blade_datasource', api: '/api/blade-develop/datasource', title: ['数据源管理', 'Datasources'], tenant: true, permission: 'datasource',
  fields: {
    name: { type: 'string', label: ['名称', 'Name'], length: 100, required: true, filter: 'like', ui: { width: 180 } },
    url: { type: 'string', label: ['连接地址', 'Connection URL'], length: 500, required: true, filter: 'like', ui: { ellipsis: true } },
    // from the URL's kind, by the server
    driverClass: { type: 'string', label: ['驱动类', 'Driver'], length: 100, readOnly: true, ui: { width: 200 } },
    username: { type: 'string', label: ['用户名', 'User name'], length: 100, ui: { width: 140 } },
    password: { type: 'string', label: ['密码', 'Password'], length: 255, secret: true, keepSpaces: true, ui: { form: 'password' } },
    remark: { type: 'string', label: ['备注', 'Remark'], length: 255, ui: { width: 180, ellipsis: true, form: 'textarea', rows: 2 } },
  },
});

/** Form data sources: one read-only query against a datasource, run with #{name} parameters (the SQL is checked on save). */
export const formSourceModel = defineModel({
  name: 'formSource', table: 'blade_form_source', api: '/api/blade-formSource/formSource', title: ['表单数据源', 'Form data sources'], tenant: true, permission: 'formSource',
  fields: {
    name: { type: 'string', label: ['名称', 'Name'], length: 100, required: true, filter: 'like', ui: { width: 180 } },
    // one kind so far: not on the screen
    sourceType: {
      type: 'string', label: ['类型', 'Type'], length: 16, required: true, default: 'sql',
      options: [{ value: 'sql', label: ['SQL', 'SQL'] }], ui: { form: false, hideInTable: true, detail: false },
    },
    datasourceId: { type: 'id', label: ['数据源', 'Datasource'], required: true, nullable: true, ui: { hideInTable: true } },
    sqlContent: { type: 'text', label: ['SQL 语句', 'SQL'], length: 20000, required: true, nullable: true, ui: { ellipsis: true, rows: 6 } },
    requestParams: { type: 'text', label: ['请求参数（JSON）', 'Parameters (JSON)'], length: 4000, ui: { hideInTable: true, form: 'json', rows: 3 } },
    remark: { type: 'string', label: ['备注', 'Remark'], length: 255, ui: { width: 160, ellipsis: true, form: 'textarea', rows: 2 } },
  },
});

/** A table or column name of a datasource: letters, digits and _, not starting with a digit. */
const IDENT = {
  type: 'string', length: 64, required: true, pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
  patternMessage: ['只能包含字母、数字和下划线，且不以数字开头', 'Letters, digits and _ only, not starting with a digit'],
} as const;
const DATASOURCE = { type: 'id', label: ['数据源', 'Datasource'], required: true, ui: { hideInTable: true } } as const;

/** Data models (数据模型) of the code generator: a table of a datasource and its column prototypes. */
export const devModelModel = defineModel({
  name: 'devModel', table: 'blade_model', api: '/api/blade-develop/model', title: ['数据模型', 'Data models'], tenant: true, permission: 'model',
  order: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    modelName: { type: 'string', label: ['模型名称', 'Model name'], length: 64, required: true, filter: 'like', ui: { width: 160 } },
    modelCode: { ...IDENT, label: ['模型编号', 'Model code'], filter: 'like', ui: { width: 160 } },
    modelTable: { ...IDENT, label: ['物理表名', 'Table'], filter: 'like', ui: { width: 180 } },
    datasourceId: DATASOURCE,
    modelClass: { type: 'string', label: ['模型类名', 'Class name'], length: 64, ui: { hideInTable: true, form: false } },
    modelRemark: { type: 'string', label: ['模型备注', 'Remark'], length: 500, ui: { ellipsis: true, form: 'textarea', rows: 2 } },
  },
});

/** Code generation records (代码生成): what the generator writes a server module and a page for. */
export const codeModel = defineModel({
  name: 'code', table: 'blade_code', api: '/api/blade-develop/code', title: ['代码生成', 'Code generation'], tenant: true, permission: 'code',
  order: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    codeName: { type: 'string', label: ['模块名称', 'Module name'], length: 64, required: true, filter: 'like', ui: { width: 160 } },
    // required in a body; older rows may lack it
    datasourceId: { ...DATASOURCE, nullable: true },
    modelId: { type: 'id', label: ['数据模型', 'Data model'], ui: { hideInTable: true, form: false } },
    tableName: { ...IDENT, label: ['表名', 'Table'], filter: 'like', ui: { width: 180 } },
    tablePrefix: { type: 'string', label: ['表前缀', 'Table prefix'], length: 64, ui: { width: 120 } },
    serviceName: { type: 'string', label: ['服务名', 'Service'], length: 64, ui: { width: 160 } },
    apiPath: {
      type: 'string', label: ['接口路径', 'API path'], length: 500, pattern: '^(/api/[\\w\\-/]+)?$',
      patternMessage: ['接口路径以 /api/ 开头，只含字母、数字、_ - /', 'The API path starts with /api/ and has only letters, digits, _ - /'], ui: { ellipsis: true },
    },
    pkName: { ...IDENT, length: 32, label: ['主键', 'Primary key'], default: 'id', ui: { width: 100 } },
    packageName: { type: 'string', label: ['包名', 'Package'], length: 500, ui: { hideInTable: true, form: false } },
    baseMode: { type: 'int', label: ['基础业务', 'Base entity'], required: true, default: 1, min: 0, max: 1, ui: { hideInTable: true, form: false } },
    wrapMode: { type: 'int', label: ['包装器', 'Wrapper'], required: true, default: 1, min: 0, max: 1, ui: { hideInTable: true, form: false } },
    webPath: { type: 'string', label: ['前端路径', 'Web path'], length: 500, ui: { hideInTable: true, form: false } },
  },
});

const FLAG = { type: 'int', required: true, min: 0, max: 1, ui: { width: 80 } } as const;
const COMPONENT = (value: string, zh: string, en: string) => ({ value, label: [zh, en] as const });

/**
 * Column prototypes (模型字段) of a data model: how the generator treats each column. Read and saved
 * a model's whole list at a time (the model's codes; its own routes), detail and remove one by one.
 */
export const modelPrototypeModel = defineModel({
  name: 'modelPrototype', table: 'blade_model_prototype', api: '/api/blade-develop/model-prototype', title: ['模型字段', 'Model columns'], tenant: true, permission: 'model',
  order: [{ field: 'sort', dir: 'asc' }],
  fields: {
    modelId: { type: 'id', label: ['数据模型', 'Data model'], required: true, ui: { hideInTable: true, form: false } },
    jdbcName: { ...IDENT, label: ['列名', 'Column'], ui: { width: 150 } },
    jdbcType: { type: 'string', label: ['列类型', 'Column type'], length: 64, ui: { width: 130 } },
    comment: { type: 'string', label: ['注释', 'Comment'], length: 255 },
    propertyType: { type: 'string', label: ['属性类型', 'Property type'], length: 64 },
    // required in a body; the column allows none
    propertyName: { ...IDENT, label: ['属性名', 'Property'], nullable: true, ui: { width: 140 } },
    isList: { ...FLAG, label: ['列表', 'List'], default: 1 },
    isForm: { ...FLAG, label: ['表单', 'Form'], default: 1 },
    isRow: { ...FLAG, label: ['独占一行', 'Full row'], default: 0 },
    componentType: {
      type: 'string', label: ['组件类型', 'Component'], length: 32, required: true, default: 'input', ui: { width: 140 },
      options: [
        COMPONENT('input', '单行文本', 'Text'), COMPONENT('textarea', '多行文本', 'Text area'), COMPONENT('number', '数字', 'Number'),
        COMPONENT('select', '下拉选择', 'Select'), COMPONENT('radio', '单选', 'Radio'), COMPONENT('checkbox', '多选', 'Checkboxes'),
        COMPONENT('date', '日期', 'Date'), COMPONENT('datetime', '日期时间', 'Date and time'), COMPONENT('switch', '开关', 'Switch'), COMPONENT('upload', '上传', 'Upload'),
      ],
    },
    dictCode: { type: 'string', label: ['字典编号', 'Dictionary code'], length: 64 },
    isRequired: { ...FLAG, label: ['必填', 'Required'], default: 0 },
    isQuery: { ...FLAG, label: ['查询', 'Search'], default: 0 },
    queryType: {
      type: 'string', label: ['查询方式', 'Search by'], length: 16, required: true, default: 'like',
      options: [COMPONENT('like', '模糊', 'Contains'), COMPONENT('equal', '等于', 'Equals'), COMPONENT('daterange', '时间范围', 'Date range')],
    },
    sort: { type: 'int', label: ['排序', 'Sort'], required: true, min: 0, max: 9999, default: 1, sortable: true, ui: { width: 80 } },
  },
});

export const DEVELOP_MODELS = [ruleModel, datasourceModel, formSourceModel, devModelModel, modelPrototypeModel, codeModel];
