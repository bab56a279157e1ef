// Workflow entities around the engine defined once (define.ts): process proxies, categories, flow
// permissions, drafts and the leave sample. None has a permission code of its own: who may call
// them is the guard around their routes (access), as before they were models.
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

export const WORKFLOW_MODELS = [wfProcessProxyModel, wfCategoryModel, wfFlowPermissionDiyModel, wfDraftModel, wfLeaveModel];
