// The process design entities defined once (define.ts): process models with their start scope and
// deployed versions, designed forms with their versions, and supervisions (督办). None has a
// permission code of its own: the design calls are read under the guard of the design menus, and
// each write checks the designer's button codes in its route (access), as before they were models.
// Their submit, deploy, restore and scope calls are the routes' own (design-routes.ts): what a field
// says here is the column and the check those routes make.
import { defineModel } from '../model/define.ts';

/** Who reads the design entities: the guard around the design calls. */
const DESIGN_READ = 'reading: any design, deployment or 流程监控 menu, or an administrator (the guard of the design calls)';
/** A designed document (a BPMN diagram, a form's option JSON): up to 2,000,000 characters. */
const DOCUMENT = 2_000_000;

/** 流程模型: a process design (its BPMN diagram, form and settings) deployed as new definition versions. */
export const wfModelModel = defineModel({
  name: 'wfModel', table: 'wf_model', api: '/api/blade-workflow/design/model', title: ['流程模型', 'Process models'], tenant: true,
  permission: null,
  access: `${DESIGN_READ}; the same calls under /api/blade-flow/model; submit and deploy: wf_design_model_add or _edit, or deployment_add; remove: wf_design_model_delete or deployment_delete`,
  fields: {
    modelKey: {
      type: 'string', label: ['模型标识', 'Model key'], length: 255, required: true, filter: 'like',
      pattern: '^[A-Za-z_][\\w.-]*$', patternMessage: ['模型标识只能包含字母、数字、下划线、点和横线，且以字母或下划线开头', 'The key may hold letters, digits, _ . - and starts with a letter or underscore'],
    },
    name: { type: 'string', label: ['模型名称', 'Model name'], length: 255, required: true, filter: 'like' },
    categoryId: { type: 'id', label: ['分类', 'Category'], filter: 'equal' },
    icon: { type: 'string', label: ['图标', 'Icon'], length: 500 },
    description: { type: 'text', label: ['描述', 'Description'], length: 5000, ui: { hideInTable: true } },
    /** The BPMN 2.0 XML the designer saves (checked by the engine's parser when saved). */
    xml: { type: 'text', label: ['流程图', 'Diagram'], length: DOCUMENT, ui: { hideInTable: true, form: false } },
    formKey: { type: 'string', label: ['表单标识', 'Form key'], length: 255 },
    formUrl: { type: 'string', label: ['表单地址', 'Form URL'], length: 500 },
    modelType: { type: 'int', label: ['模型类型', 'Model type'], default: 0, min: 0, max: 9, filter: 'equal' },
    /** The settings object (assignee required, comments, submit checks and actions) as JSON text; the detail answers it parsed. */
    settings: { type: 'text', label: ['流程设置', 'Settings'], length: DOCUMENT, ui: { hideInTable: true, form: false } },
    /** The deployed version (0: never deployed) and its definition: written by a deploy only. */
    version: { type: 'int', label: ['版本', 'Version'], default: 0, readOnly: true, sortable: true },
    definitionId: { type: 'id', label: ['流程定义', 'Definition'], readOnly: true, ui: { hideInTable: true } },
  },
});

/** 发起范围: who may start a model (all, or users, roles, departments by id); replaced as a whole by its submit. */
export const wfModelScopeModel = defineModel({
  name: 'wfModelScope', table: 'wf_model_scope', api: '/api/blade-workflow/design/model/scope', title: ['发起范围', 'Start scope'], tenant: true,
  permission: null, access: `${DESIGN_READ}; submit (replacing a model's scope): wf_design_model_edit or _add`,
  fields: {
    modelId: { type: 'id', label: ['流程模型', 'Model'], required: true, filter: 'equal' },
    scopeType: {
      type: 'string', label: ['范围类型', 'Scope type'], length: 16, required: true, filter: 'equal',
      options: [
        { value: 'all', label: ['所有人', 'Everyone'] }, { value: 'user', label: ['人员', 'Users'] },
        { value: 'role', label: ['角色', 'Roles'] }, { value: 'dept', label: ['部门', 'Departments'] },
      ],
    },
    /** The ids of its users, roles or departments, comma separated. */
    val: { type: 'text', label: ['范围', 'Scope'], required: true },
  },
});

/** 历史版本 of a model: each deploy keeps the diagram and settings it deployed, newest first. */
export const wfModelHistoryModel = defineModel({
  name: 'wfModelHistory', table: 'wf_model_history', api: '/api/blade-workflow/design/model/history', title: ['历史版本', 'Model versions'], tenant: true,
  permission: null, access: `${DESIGN_READ}; rows are written by a deploy; setMainVersion: wf_design_model_edit`,
  order: [{ field: 'version', dir: 'desc' }],
  fields: {
    modelId: { type: 'id', label: ['流程模型', 'Model'], required: true, readOnly: true, filter: 'equal' },
    version: { type: 'int', label: ['版本', 'Version'], required: true, readOnly: true, sortable: true },
    name: { type: 'string', label: ['模型名称', 'Model name'], length: 255, readOnly: true },
    xml: { type: 'text', label: ['流程图', 'Diagram'], readOnly: true, ui: { hideInTable: true } },
    settings: { type: 'text', label: ['流程设置', 'Settings'], readOnly: true, ui: { hideInTable: true } },
    definitionId: { type: 'id', label: ['流程定义ID', 'Definition id'], readOnly: true },
  },
});

/** 表单设计: a designed form (the designer's option JSON) that models refer to by its key. */
export const wfFormModel = defineModel({
  name: 'wfForm', table: 'wf_form', api: '/api/blade-workflow/design/form', title: ['表单设计', 'Form design'], tenant: true,
  permission: null, access: `${DESIGN_READ}; submit: wf_design_form_add or _edit; remove: wf_design_form_delete`,
  fields: {
    formKey: { type: 'string', label: ['表单标识', 'Form key'], length: 255, required: true, filter: 'like' },
    name: { type: 'string', label: ['表单名称', 'Form name'], length: 255, required: true, filter: 'like' },
    categoryId: { type: 'id', label: ['分类', 'Category'], filter: 'equal' },
    /** The designer's option JSON (a document may come as the object itself). */
    content: { type: 'text', label: ['表单内容', 'Form content'], length: DOCUMENT, ui: { hideInTable: true, form: false } },
    remark: { type: 'text', label: ['备注', 'Remark'], length: 2000 },
    /** Raised by every save that changes the content (each kept in the history). */
    version: { type: 'int', label: ['版本', 'Version'], default: 1, readOnly: true, sortable: true },
  },
});

/** 表单历史版本: each content a form was saved with, newest first. */
export const wfFormHistoryModel = defineModel({
  name: 'wfFormHistory', table: 'wf_form_history', api: '/api/blade-workflow/design/form/history', title: ['表单历史版本', 'Form versions'], tenant: true,
  permission: null, access: `${DESIGN_READ}; rows are written by a form's submit; setMainVersion: wf_design_form_edit`,
  order: [{ field: 'version', dir: 'desc' }],
  fields: {
    formId: { type: 'id', label: ['表单', 'Form'], required: true, readOnly: true, filter: 'equal' },
    version: { type: 'int', label: ['版本', 'Version'], required: true, readOnly: true, sortable: true },
    name: { type: 'string', label: ['表单名称', 'Form name'], length: 255, readOnly: true },
    content: { type: 'text', label: ['表单内容', 'Form content'], readOnly: true, ui: { hideInTable: true } },
  },
});

/** 督办: reminders to the receivers while a node of a running process waits (status 1 in force). */
export const wfSupervisionModel = defineModel({
  name: 'wfSupervision', table: 'wf_supervision', api: '/api/blade-workflow/supervision', title: ['督办', 'Supervision'], tenant: true,
  permission: null,
  access: 'every signed-in user of the tenant: an administrator sees and stops every supervision, anyone else those they made (and sees those they receive); adding one needs the process visible to the caller',
  fields: {
    defKey: { type: 'string', label: ['流程标识', 'Process key'], length: 255, filter: 'like' },
    defName: { type: 'string', label: ['流程名称', 'Process name'], length: 255, filter: 'like' },
    instId: { type: 'id', label: ['流程实例', 'Process instance'], required: true, filter: 'equal' },
    instName: { type: 'string', label: ['实例名称', 'Instance name'], length: 255 },
    taskId: { type: 'id', label: ['任务', 'Task'] },
    nodeKey: { type: 'string', label: ['节点标识', 'Node key'], length: 255, required: true, filter: 'equal' },
    nodeName: { type: 'string', label: ['节点名称', 'Node name'], length: 255 },
    awaitTime: { type: 'int', label: ['首次提醒等待', 'Wait before the first reminder'], required: true, min: 1 },
    timeCount: { type: 'int', label: ['提醒间隔', 'Reminder interval'], required: true, min: 1 },
    timeUnit: {
      type: 'string', label: ['时间单位', 'Time unit'], length: 16, required: true,
      options: [{ value: 'hour', label: ['小时', 'Hours'] }, { value: 'minutes', label: ['分钟', 'Minutes'] }, { value: 'seconds', label: ['秒', 'Seconds'] }],
    },
    /** The user ids reminded, comma separated. */
    receivers: { type: 'text', label: ['督办人', 'Receivers'], length: 5000, required: true },
    receiverNames: { type: 'text', label: ['督办人姓名', 'Receiver names'], length: 5000 },
    maxCount: { type: 'int', label: ['最多提醒次数', 'Most reminders'], required: true, min: 1 },
    runCount: { type: 'int', label: ['已提醒次数', 'Reminders sent'], default: 0, readOnly: true },
    context: { type: 'text', label: ['督办内容', 'Message'], length: 5000 },
    /** Written by the engine: 1 in force, 2 its task finished, 3 every reminder sent, 4 stopped. */
    status: {
      type: 'int', label: ['状态', 'Status'], default: 1, readOnly: true, filter: 'equal',
      options: [
        { value: 1, label: ['督办中', 'In force'], color: 'processing' }, { value: 2, label: ['已完成', 'Finished'], color: 'success' },
        { value: 3, label: ['已提醒完', 'Reminders used up'], color: 'default' }, { value: 4, label: ['已停止', 'Stopped'], color: 'default' },
      ],
    },
  },
});

export const WORKFLOW_DESIGN_MODELS = [wfModelModel, wfModelScopeModel, wfModelHistoryModel, wfFormModel, wfFormHistoryModel, wfSupervisionModel];
