// Resource entities (object storage, …) defined once (define.ts): the server's routes and the web's
// screens both come from these.
import { defineModel } from '../model/define.ts';

const TEXT = { type: 'string', length: 255, ui: { span: 12, hideInTable: true } } as const;

/** Object storage providers of the tenant (one enabled at a time: the enable call, not the body). */
export const ossModel = defineModel({
  name: 'oss', table: 'blade_oss', api: '/api/blade-resource/oss', title: ['对象存储', 'Object storage'], tenant: true, permission: 'oss',
  fields: {
    category: {
      type: 'int', label: ['分类', 'Provider'], required: true, default: 1, filter: 'equal', ui: { width: 110, span: 12 },
      options: [
        { value: 1, label: ['MinIO', 'MinIO'], color: 'blue' },
        { value: 2, label: ['七牛云', 'Qiniu'], color: 'cyan' },
        { value: 3, label: ['阿里云', 'Aliyun OSS'], color: 'orange' },
        { value: 4, label: ['腾讯云', 'Tencent COS'], color: 'geekblue' },
      ],
    },
    ossCode: { type: 'string', label: ['资源编号', 'Code'], length: 32, required: true, filter: 'like', ui: { width: 130, span: 12 } },
    endpoint: {
      type: 'string', label: ['资源地址', 'Endpoint'], length: 255, required: true, format: 'url',
      patternMessage: ['请输入以 http(s):// 开头的地址', 'Enter an address starting with http(s)://'], ui: { width: 220, ellipsis: true, span: 12 },
    },
    transformEndpoint: { ...TEXT, label: ['外网地址', 'Public endpoint'] },
    bucketName: { type: 'string', label: ['空间名', 'Bucket'], length: 255, required: true, ui: { width: 140, span: 12 } },
    accessKey: { ...TEXT, label: ['AccessKey', 'Access key'] },
    secretKey: { ...TEXT, label: ['SecretKey', 'Secret key'], secret: true, ui: { ...TEXT.ui, form: 'password' } },
    appId: { ...TEXT, label: ['AppId', 'App ID'] },
    region: { ...TEXT, label: ['地域', 'Region'] },
    isEnabled: { type: 'int', label: ['状态', 'Status'], readOnly: true, default: 0, filter: 'equal', ui: { width: 90, search: false } },
    remark: { type: 'string', label: ['备注', 'Remark'], length: 255, ui: { width: 180, ellipsis: true, form: 'textarea', rows: 2, search: false } },
  },
});

/** SMS providers of the tenant (category 1: the HTTP gateway; one enabled at a time). */
export const smsModel = defineModel({
  name: 'sms', table: 'blade_sms', api: '/api/blade-resource/sms', title: ['短信配置', 'SMS'], tenant: true, permission: 'sms',
  fields: {
    // only the HTTP gateway is served by the server so far
    category: { type: 'int', label: ['服务商', 'Provider'], required: true, default: 1, ui: { width: 120, span: 12 }, options: [{ value: 1, label: ['HTTP 网关', 'HTTP gateway'], color: 'blue' }] },
    smsCode: { type: 'string', label: ['资源编号', 'Code'], length: 32, required: true, filter: 'like', ui: { width: 130, span: 12 } },
    endpoint: {
      type: 'string', label: ['网关地址', 'Gateway URL'], length: 500, required: true, nullable: true, format: 'url',
      patternMessage: ['请输入以 http(s):// 开头的地址', 'Enter an address starting with http(s)://'], ui: { width: 240, ellipsis: true, span: 24 },
    },
    templateId: { type: 'string', label: ['模板ID', 'Template ID'], length: 64, filter: 'like', ui: { width: 130, span: 12 } },
    signName: { type: 'string', label: ['短信签名', 'Signature'], length: 64, ui: { width: 120, span: 12 } },
    accessKey: { ...TEXT, label: ['AccessKey', 'Access key'] },
    secretKey: { ...TEXT, label: ['SecretKey', 'Secret key'], secret: true, ui: { ...TEXT.ui, form: 'password' } },
    regionId: { type: 'string', label: ['地域', 'Region'], length: 64, ui: { form: false, hideInTable: true, detail: false } },
    isEnabled: { type: 'int', label: ['状态', 'Status'], readOnly: true, default: 0, filter: 'equal', ui: { width: 90, search: false } },
    remark: { type: 'string', label: ['备注', 'Remark'], length: 255, ui: { width: 160, ellipsis: true, form: 'textarea', rows: 2, search: false } },
  },
});

/**
 * Attachments (附件): written by put-file (the upload checks the content), renamed by their own
 * submit (attach_upload); this model's calls are the list, detail and remove.
 */
export const attachModel = defineModel({
  name: 'attach', table: 'blade_attach', api: '/api/blade-resource/attach', title: ['附件管理', 'Attachments'], tenant: true, permission: 'attach',
  order: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    link: { type: 'string', label: ['附件地址', 'Link'], length: 1000, required: true, readOnly: true, ui: { hideInTable: true, form: false, detail: false } },
    domainUrl: { type: 'string', label: ['存储域名', 'Storage endpoint'], length: 500, readOnly: true, ui: { hideInTable: true, form: false, detail: false } },
    originalName: {
      type: 'string', label: ['原始名称', 'Original name'], length: 500, required: true, nullable: true, filter: 'like',
      requiredMessage: ['原始名称不能为空', 'Original name is required'], ui: { width: 260, ellipsis: true },
    },
    extension: { type: 'string', label: ['扩展名', 'Extension'], length: 12, readOnly: true, filter: 'equal', ui: { width: 90 } },
    attachSize: { type: 'int', label: ['大小', 'Size'], readOnly: true, sortable: true, ui: { width: 100 } },
    name: { type: 'string', label: ['存储名称', 'Stored name'], length: 500, required: true, readOnly: true, ui: { hideInTable: true } },
  },
});

export const RESOURCE_MODELS = [ossModel, smsModel, attachModel];
