// Workflow entities around the engine defined once (define.ts): process proxies, categories, flow
// permissions, drafts, the leave sample and the four design sets (form themes, variables, default
// values, process buttons). The first five have no permission code of their own: who may call them
// is the guard around their routes (access), as before they were models. The sets have their menu's
// codes (0021_workflow_sets_menus), checked as their access says.
import { defineModel } from '../model/define.ts';

/** 流程代理: someone handles another's tasks for a while (a key, a time window; status 1 in force). */
export const wfProcessProxyModel = defineModel({
  name: 'wfProcessProxy', table: 'wf_process_proxy', api: '/api/blade-workflow/ops/proxy', title: ['流程代理', 'Process proxies'], tenant: true,
  permission: null, access: 'the 流程监控 menu (wf_ops) or an administrator: the guard of every ops route',
  fields: {
    userId: { type: 'id', label: ['被代理人', 'Principal'], required: true, filter: 'equal' },
    proxyUserId: { type: 'id', label: ['代理人', 'Proxy'], required: true, filter: 'equal' },
    processDefKey: { type: 'string', label: ['流程标识', 'Process key'], length: 255, filter: 'like' },
    startTime: { type: 'datetime', label: ['开始时间', 'Start time'] },
    endTime: { type: 'datetime', label: ['结束时间', 'End time'] },
    remark: { type: 'text', label: ['备注', 'Remark'], length: 1000 },
    status: { type: 'int', label: ['状态', 'Status'], default: 1, min: 0, max: 1, filter: 'equal' },
  },
});

/** Process categories (a tree by parentId; 0 is the root) that group models, forms and the start page. */
export const wfCategoryModel = defineModel({
  name: 'wfCategory', table: 'wf_category', api: '/api/blade-workflow/design/category', title: ['流程分类', 'Process categories'], tenant: true,
  permission: null, access: 'any design, deployment or 流程监控 menu, or an administrator: the guard of the design calls',
  fields: {
    parentId: { type: 'id', label: ['上级分类', 'Parent'], default: '0', filter: 'equal' },
    name: { type: 'string', label: ['分类名称', 'Name'], length: 64, required: true, filter: 'like' },
    sort: { type: 'int', label: ['排序', 'Sort'], default: 0, sortable: true },
  },
});

/** Custom flow permissions of a model (by id or key): the users, roles and departments listed hold it. */
export const wfFlowPermissionDiyModel = defineModel({
  name: 'wfFlowPermissionDiy', table: 'wf_flow_permission_diy', api: '/api/blade-flowPermissionDiy/flowPermissionDiy', title: ['流程权限', 'Flow permissions'], tenant: true,
  permission: null, access: 'any design, deployment or 流程监控 menu, or an administrator: the guard of the design calls',
  fields: {
    modelId: { type: 'id', label: ['流程模型', 'Model'], filter: 'equal' },
    modelKey: { type: 'string', label: ['模型标识', 'Model key'], length: 255, filter: 'equal' },
    name: { type: 'string', label: ['名称', 'Name'], length: 255, filter: 'like' },
    userIds: { type: 'text', label: ['用户', 'Users'], length: 5000 },
    roleIds: { type: 'text', label: ['角色', 'Roles'], length: 5000 },
    deptIds: { type: 'text', label: ['部门', 'Departments'], length: 5000 },
  },
});

/** 草稿箱: a start form saved by 保存草稿, the saver's own; its values as JSON text, newest first. */
export const wfDraftModel = defineModel({
  name: 'wfDraft', table: 'wf_draft', api: '/api/blade-workflow/process/draft', title: ['草稿箱', 'Drafts'], tenant: true,
  permission: null, access: 'every signed-in user of the tenant, each on their own drafts only (owner)', owner: true,
  order: [{ field: 'updateTime', dir: 'desc' }],
  fields: {
    title: { type: 'string', label: ['草稿名称', 'Draft'], length: 255, filter: 'like', ui: { width: 240, ellipsis: true } },
    processDefKey: { type: 'string', label: ['流程标识', 'Key'], length: 255, filter: 'like', ui: { width: 200, ellipsis: true } },
    processDefId: { type: 'id', label: ['流程定义', 'Process definition'], ui: { hideInTable: true } },
    formKey: { type: 'string', label: ['表单标识', 'Form key'], length: 255, ui: { hideInTable: true } },
    variables: { type: 'text', label: ['表单数据', 'Form values'], length: 1_000_000, format: 'json', ui: { hideInTable: true, detail: false } },
  },
});

/** The leave sample (请假): the business row of a leave process instance. */
export const wfLeaveModel = defineModel({
  name: 'wfLeave', table: 'wf_leave', api: '/api/blade-workflow/process/leave', title: ['请假', 'Leave'], tenant: true,
  permission: null, access: 'every signed-in user of the tenant',
  fields: {
    processInstanceId: { type: 'id', label: ['流程实例', 'Process instance'], filter: 'equal' },
    leaveType: { type: 'string', label: ['请假类型', 'Leave type'], length: 32, filter: 'equal' },
    startTime: { type: 'datetime', label: ['开始时间', 'Start time'] },
    endTime: { type: 'datetime', label: ['结束时间', 'End time'] },
    days: { type: 'decimal', label: ['天数', 'Days'], scale: 1, min: 0, max: 9999 },
    reason: { type: 'text', label: ['请假理由', 'Reason'], length: 2000, filter: 'like' },
  },
});

// ---- the design sets (spec 000 §7; menus 1605–1608) ----
// Every design screen reads them (the form designer its themes, variables and default values, the
// process designer the buttons); writing takes the set's own codes or the designer's.
const SET_ACCESS = (designer: string) =>
  `reading: any design, deployment or 流程监控 menu, or an administrator (the guard of the design calls); submit: <code>_add or _edit, or ${designer}_edit; remove: <code>_delete or ${designer}_delete`;
/** A set's name: required, the list searches it. */
const SET_NAME = { type: 'string', label: ['名称', 'Name'], length: 255, required: true, filter: 'like', ui: { width: 180, span: 24 } } as const;
/** A set's content: a document of up to 2,000,000 characters (a JSON one may come as the object itself). */
const SET_CONTENT = 2_000_000;

/** 表单主题: how a form looks (label position and width, size, fields per row, gutter, accent), a JSON object. */
export const wfFormThemeModel = defineModel({
  name: 'wfFormTheme', table: 'wf_form_theme', api: '/api/blade-workflow/design/form/theme', title: ['表单主题', 'Form themes'], tenant: true,
  permission: 'wf_form_theme', access: SET_ACCESS('wf_design_form'),
  fields: {
    name: SET_NAME,
    content: { type: 'text', label: ['主题设置', 'Theme settings'], length: SET_CONTENT, format: 'json', ui: { span: 24 } },
  },
});

/** 表单变量: a reusable default, written ${prop} in a field's default; its value is text (may use the built-in names). */
export const wfFormVariableModel = defineModel({
  name: 'wfFormVariable', table: 'wf_form_variable', api: '/api/blade-workflow/design/form/variable', title: ['表单变量', 'Form variables'], tenant: true,
  permission: 'wf_form_variable', access: SET_ACCESS('wf_design_form'),
  fields: {
    name: SET_NAME,
    prop: { type: 'string', label: ['变量名', 'Variable name'], length: 255, filter: 'like', ui: { width: 200, span: 24 } },
    content: { type: 'text', label: ['变量值', 'Value'], length: SET_CONTENT, ui: { ellipsis: true, rows: 3, span: 24 } },
  },
});

/** 表单默认值: a set of defaults, a JSON object {prop | "sub.prop": value}. */
export const wfFormDefaultValuesModel = defineModel({
  name: 'wfFormDefaultValues', table: 'wf_form_default_values', api: '/api/blade-workflow/design/form/default-values', title: ['表单默认值', 'Form default values'], tenant: true,
  permission: 'wf_form_default_values', access: SET_ACCESS('wf_design_form'),
  fields: {
    name: SET_NAME,
    content: { type: 'text', label: ['默认值', 'Default values'], length: SET_CONTENT, format: 'json', ui: { rows: 10, span: 24 } },
  },
});

/** 流程按钮: one row per engine button (its key), which it renames, orders (sort) or hides (display 0). */
export const wfButtonModel = defineModel({
  name: 'wfButton', table: 'wf_button', api: '/api/blade-workflow/design/button', title: ['流程按钮', 'Process buttons'], tenant: true,
  permission: 'wf_button', access: SET_ACCESS('wf_design_model'),
  fields: {
    buttonKey: {
      type: 'string', label: ['按钮标识', 'Button'], length: 64, required: true, unique: ['按钮标识已存在', 'This button key is already configured'],
      filter: 'like', ui: { width: 200, span: 12 },
    },
    name: { type: 'string', label: ['按钮名称', 'Button name'], length: 64, required: true, filter: 'like', ui: { width: 160, span: 12 } },
    display: {
      type: 'int', label: ['显示', 'Display'], default: 1, min: 0, max: 1, ui: { width: 100, span: 12, form: 'radio' },
      options: [{ value: 1, label: ['显示', 'Shown'], color: 'green' }, { value: 0, label: ['隐藏', 'Hidden'], color: 'default' }],
    },
    sort: { type: 'int', label: ['排序', 'Order'], default: 0, sortable: true, ui: { width: 80, span: 12 } },
  },
});

export const WORKFLOW_MODELS = [
  wfProcessProxyModel, wfCategoryModel, wfFlowPermissionDiyModel, wfDraftModel, wfLeaveModel,
  wfFormThemeModel, wfFormVariableModel, wfFormDefaultValuesModel, wfButtonModel,
];
