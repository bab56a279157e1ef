// Log entities defined once (define.ts): the server's routes and the web's screens both come from these.
// The five logs are written by the server (server/src/modules/log/service.ts) and only listed and
// read: every field is readOnly, their tables have no is_deleted and, of the audit columns, only the
// create_time the database fills (audit: 'createTime'). Columns a screen does not show are declared
// too (the model is the table's whole description) and kept out of the table and the detail (QUIET).
import { defineModel } from '../model/define.ts';

const QUIET = { hideInTable: true, detail: false } as const;
const NEWEST_FIRST = [{ field: 'createTime', dir: 'desc' }] as const;

// columns the usual, API and error logs share (server/src/db/migrations/0001_foundation.ts, 0006_log_job.ts)
const SERVICE_ID = { type: 'string', label: ['服务', 'Service'], length: 32, readOnly: true } as const;
const SERVER_HOST = { type: 'string', label: ['服务器', 'Server host'], length: 255, readOnly: true } as const;
const SERVER_IP = { type: 'string', label: ['服务器 IP', 'Server IP'], length: 255, readOnly: true, ui: QUIET } as const;
const ENV = { type: 'string', label: ['环境', 'Environment'], length: 255, readOnly: true, ui: QUIET } as const;
const METHOD = { type: 'string', label: ['请求方法', 'Method'], length: 10, readOnly: true } as const;
const REQUEST_URI = { type: 'text', label: ['请求地址', 'Request URI'], readOnly: true } as const;
const USER_AGENT = { type: 'string', label: ['用户代理', 'User agent'], length: 1000, readOnly: true, ui: { hideInTable: true } } as const;
const REMOTE_IP = { type: 'string', label: ['客户端 IP', 'Client IP'], length: 255, readOnly: true } as const;
const METHOD_CLASS = { type: 'string', label: ['类', 'Class'], length: 255, readOnly: true, ui: QUIET } as const;
const METHOD_NAME = { type: 'string', label: ['方法名', 'Method name'], length: 255, readOnly: true, ui: QUIET } as const;
const PARAMS = { type: 'text', label: ['请求参数', 'Parameters'], readOnly: true, ui: { hideInTable: true } } as const;
const TIME = { type: 'string', label: ['耗时(毫秒)', 'Duration (ms)'], length: 64, readOnly: true, ui: QUIET } as const;
const CREATE_BY = { type: 'string', label: ['操作人', 'User'], length: 64, readOnly: true } as const;
const SUCCESS = { value: 1, label: ['成功', 'Succeeded'], color: 'green' } as const;
const FAILURE = { value: 0, label: ['失败', 'Failed'], color: 'red' } as const;

/** 错误日志: server errors as they happen, client errors uploaded by sendLogs. */
export const errorLogModel = defineModel({
  name: 'errorLog', table: 'blade_log_error', api: '/api/blade-log/error', title: ['错误日志', 'Error logs'], tenant: true, softDelete: false, audit: 'createTime',
  permission: 'errorLog', order: NEWEST_FIRST,
  fields: {
    type: {
      type: 'string', label: ['来源', 'Source'], length: 16, default: 'server', readOnly: true, filter: 'equal', ui: { width: 90 },
      options: [{ value: 'client', label: ['客户端', 'Client'], color: 'orange' }, { value: 'server', label: ['服务端', 'Server'], color: 'red' }],
    },
    serviceId: { ...SERVICE_ID, filter: 'like', ui: { width: 90 } },
    requestUri: { ...REQUEST_URI, filter: 'like', ui: { width: 180, ellipsis: true } },
    method: { ...METHOD, ui: { width: 80 } },
    message: { type: 'text', label: ['错误信息', 'Message'], readOnly: true, filter: 'like', ui: { width: 220, ellipsis: true } },
    stackTrace: { type: 'text', label: ['错误堆栈', 'Stack trace'], readOnly: true, ui: { hideInTable: true } },
    userAgent: USER_AGENT,
    remoteIp: { ...REMOTE_IP, ui: { width: 120 } },
    createBy: { ...CREATE_BY, label: ['操作人', 'Operator'], ui: { width: 90, ellipsis: true } },
    serverHost: { ...SERVER_HOST, ui: QUIET },
    serverIp: SERVER_IP,
    env: ENV,
    exceptionName: { type: 'string', label: ['异常类型', 'Exception'], length: 255, readOnly: true, ui: QUIET },
    lineNumber: { type: 'int', label: ['行号', 'Line'], readOnly: true, ui: QUIET },
    methodClass: METHOD_CLASS,
    fileName: { type: 'string', label: ['文件', 'File'], length: 1000, readOnly: true, ui: QUIET },
    methodName: METHOD_NAME,
    params: { ...PARAMS, ui: QUIET },
    time: { ...TIME, label: ['客户端时间', 'Client time'] },
  },
});

/** 通用日志: business events worth keeping (who did what). */
export const usualLogModel = defineModel({
  name: 'usualLog', table: 'blade_log_usual', api: '/api/blade-log/usual', title: ['通用日志', 'Usual logs'], tenant: true, softDelete: false, audit: 'createTime',
  permission: 'usualLog', order: NEWEST_FIRST,
  fields: {
    logLevel: {
      type: 'string', label: ['级别', 'Level'], length: 10, readOnly: true, filter: 'equal', ui: { width: 80 },
      options: [
        { value: 'info', label: ['info', 'info'], color: 'blue' },
        { value: 'warn', label: ['warn', 'warn'], color: 'orange' },
        { value: 'error', label: ['error', 'error'], color: 'red' },
      ],
    },
    logId: { type: 'string', label: ['日志标识', 'Log ID'], length: 100, readOnly: true, filter: 'like', ui: { width: 120, ellipsis: true } },
    logData: { type: 'text', label: ['日志数据', 'Data'], readOnly: true, filter: 'like', ui: { width: 180, ellipsis: true } },
    requestUri: { ...REQUEST_URI, filter: 'like', ui: { width: 160, ellipsis: true } },
    method: { ...METHOD, ui: { width: 80 } },
    serviceId: { ...SERVICE_ID, ui: { hideInTable: true } },
    serverHost: { ...SERVER_HOST, ui: { hideInTable: true } },
    params: PARAMS,
    userAgent: USER_AGENT,
    remoteIp: { ...REMOTE_IP, ui: { width: 110 } },
    createBy: { ...CREATE_BY, filter: 'like', ui: { width: 90, ellipsis: true } },
    serverIp: SERVER_IP,
    env: ENV,
    methodClass: METHOD_CLASS,
    methodName: METHOD_NAME,
    time: TIME,
  },
});

/**
 * 接口日志: the calls that changed something, each with a short title in both languages (title zh,
 * titleEn en; server/src/modules/log/titles.ts). Each title's label names it as a reader of that
 * language sees it: a Chinese reader's 操作名称 is title and titleEn the 英文名称; an English reader's
 * Operation is titleEn and title the Chinese title. The screen shows the reader's title in the table
 * and the other one in the detail.
 */
export const apiLogModel = defineModel({
  name: 'apiLog', table: 'blade_log_api', api: '/api/blade-log/api', title: ['接口日志', 'API logs'], tenant: true, softDelete: false, audit: 'createTime',
  permission: 'apiLog', order: NEWEST_FIRST,
  fields: {
    title: { type: 'string', label: ['操作名称', 'Chinese title'], length: 255, readOnly: true, filter: 'like', ui: { width: 130, ellipsis: true } },
    method: { ...METHOD, filter: 'equal', ui: { width: 76 } },
    requestUri: { ...REQUEST_URI, filter: 'like', ui: { width: 170, ellipsis: true } },
    type: {
      type: 'string', label: ['结果', 'Result'], length: 2, default: '1', readOnly: true, filter: 'equal', ui: { hideInTable: true },
      options: [{ value: '1', label: ['正常', 'OK'], color: 'green' }, { value: '2', label: ['异常', 'Failed'], color: 'red' }],
    },
    statusCode: { type: 'int', label: ['状态码', 'Status'], readOnly: true, ui: { width: 76 } },
    time: { ...TIME, ui: { width: 110 } },
    createBy: { ...CREATE_BY, filter: 'like', ui: { width: 90, ellipsis: true } },
    remoteIp: { ...REMOTE_IP, ui: { width: 110, ellipsis: true } },
    titleEn: { type: 'string', label: ['英文名称', 'Operation'], length: 255, readOnly: true, filter: 'like', ui: { width: 130, ellipsis: true, hideInTable: true } },
    methodClass: { ...METHOD_CLASS, label: ['路由', 'Route'], ui: { hideInTable: true } },
    params: PARAMS,
    serverHost: { ...SERVER_HOST, ui: { hideInTable: true } },
    userAgent: USER_AGENT,
    serviceId: { ...SERVICE_ID, ui: QUIET },
    serverIp: SERVER_IP,
    env: ENV,
    methodName: METHOD_NAME,
  },
});

/** 登录日志: every sign-in attempt, right or wrong. */
export const loginLogModel = defineModel({
  name: 'loginLog', table: 'blade_log_login', api: '/api/blade-portal/userLoginLog', title: ['登录日志', 'Sign-in logs'], tenant: true, softDelete: false, audit: 'createTime',
  permission: 'loginLog', order: NEWEST_FIRST,
  fields: {
    account: { type: 'string', label: ['账号', 'Account'], length: 64, readOnly: true, filter: 'like', ui: { width: 130 } },
    userName: { type: 'string', label: ['用户名', 'User name'], length: 64, readOnly: true, filter: 'like', ui: { width: 120 } },
    grantType: { type: 'string', label: ['登录方式', 'Grant type'], length: 32, readOnly: true, filter: 'equal', ui: { width: 120 } },
    success: { type: 'int', label: ['结果', 'Result'], default: 1, readOnly: true, filter: 'equal', options: [SUCCESS, FAILURE], ui: { width: 90 } },
    message: { type: 'string', label: ['说明', 'Message'], length: 500, readOnly: true, ui: { width: 220, ellipsis: true } },
    loginType: { type: 'string', label: ['登录端', 'Client type'], length: 32, readOnly: true, ui: { hideInTable: true } },
    userAgent: USER_AGENT,
    remoteIp: { ...REMOTE_IP, filter: 'like', ui: { width: 130 } },
    userId: { type: 'id', label: ['用户', 'User'], readOnly: true, ui: QUIET },
  },
});

/** Data-collection runs (no screen of its own): source, target, how many rows and how it went. */
export const dataCollectLogModel = defineModel({
  name: 'dataCollectLog', table: 'blade_data_collect_log', api: '/api/blade-log/dataCollectLog', title: ['数据采集日志', 'Data collection logs'], tenant: true, softDelete: false,
  audit: 'createTime', permission: 'usualLog', order: NEWEST_FIRST,
  fields: {
    source: { type: 'string', label: ['数据来源', 'Source'], length: 255, readOnly: true, filter: 'like' },
    target: { type: 'string', label: ['目标', 'Target'], length: 255, readOnly: true, filter: 'like' },
    collectCount: { type: 'int', label: ['采集条数', 'Rows collected'], readOnly: true },
    success: { type: 'int', label: ['结果', 'Result'], default: 1, readOnly: true, filter: 'equal', options: [SUCCESS, FAILURE] },
    message: { type: 'text', label: ['说明', 'Message'], readOnly: true },
    durationMs: { type: 'int', label: ['耗时(毫秒)', 'Duration (ms)'], readOnly: true },
  },
});

/** The portal's search history: full CRUD (the server sets userId to the caller on save). */
export const searchLogModel = defineModel({
  name: 'searchLog', table: 'blade_search_log', api: '/api/blade-portal/searchLog', title: ['搜索记录', 'Search records'], tenant: true, permission: 'usualLog',
  fields: {
    keyword: { type: 'string', label: ['关键词', 'Keyword'], length: 255, required: true, filter: 'like' },
    searchType: { type: 'string', label: ['搜索类型', 'Search type'], length: 64, filter: 'equal' },
    resultCount: { type: 'int', label: ['结果数', 'Results'], min: 0 },
    userId: { type: 'id', label: ['用户', 'User'], readOnly: true },
  },
});

export const LOG_MODELS = [errorLogModel, usualLogModel, apiLogModel, loginLogModel, dataCollectLogModel, searchLogModel];
