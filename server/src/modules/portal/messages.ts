// The portal's own texts in both languages: refusals of its management and public calls, and the
// names of the signed-in header's status counters (myStatus).
import type { Message } from '../../http/messages.ts';

export const PORTAL_MSG = {
  closed: ['门户未开放', 'The portal is not open'],
  // services
  processRequired: ['请选择绑定的流程', 'Please choose the process'],
  processMissing: ['流程“{key}”未部署', 'The process "{key}" is not deployed'],
  urlRequired: ['请输入外部地址', 'Please enter the external address'],
  noCategory: ['服务分类不存在', 'The service category does not exist'],
  noDept: ['部门不存在', 'The department does not exist'],
  noSpecial: ['特色服务不存在', 'The special service does not exist'],
  unknownPeople: ['可办理人员中有不存在的用户', 'Some of the people who may handle it do not exist'],
  unknownRoles: ['可办理角色中有不存在的角色', 'Some of the roles that may handle it do not exist'],
  unknownDepts: ['可办理部门中有不存在的部门', 'Some of the departments that may handle it do not exist'],
  unknownPosts: ['可办理岗位中有不存在的岗位', 'Some of the posts that may handle it do not exist'],
  dailyHours: ['每日时段须填写开始和结束时间，格式为 HH:mm', 'The daily hours need a start and an end as HH:mm'],
  monthDays: ['每月日期段须填写开始日和结束日（1 到 31）', 'The days of each month need a first and a last day from 1 to 31'],
  yearDates: ['每年日期段须填写开始和结束日期，格式为 MM-dd', 'The dates of each year need a start and an end as MM-dd'],
  datesRequired: ['请填写指定日期，格式为 yyyy-MM-dd，多个以逗号分隔', 'Please enter the dates as yyyy-MM-dd, separated by commas'],
  badDate: ['指定日期“{date}”不是有效日期', 'The date "{date}" is not a valid date'],
  tooManyDates: ['指定日期最多 {n} 个', 'At most {n} dates'],
  updateNeedsId: ['请指定要修改的服务', 'Please say which service to change'],
  saveWithId: ['新增服务时不能带编号，修改服务请用 update', 'A new service cannot carry an id; change a service with update'],
  codeTaken: ['服务编码已存在', 'This service code already exists'],
  // references between portal entities
  noService: ['服务不存在', 'The service does not exist'],
  unknownServices: ['关联服务中有不存在的服务', 'Some of the services do not exist'],
  noFloor: ['所属楼层不存在', 'The floor does not exist'],
  noSlideshowType: ['轮播类型不存在', 'The slideshow type does not exist'],
  noNewsSource: ['新闻来源不存在', 'The news source does not exist'],
  noParentMenu: ['上级菜单不存在', 'The parent menu does not exist'],
  menuLoop: ['上级菜单不能是它自己或它的下级', 'A menu cannot be placed under itself or one of its own entries'],
  // the smaller calls
  badStatus: ['状态须为 0（停用）或 1（启用）', 'The status must be 0 (disabled) or 1 (enabled)'],
  badSortList: ['请提交 [{ id, sort }] 列表，排序为 0 到 99999 之间的整数', 'Please send a list of { id, sort } with orders from 0 to 99999'],
  badStatType: ['统计范围须为 all、year、month 或 day', 'The period must be all, year, month or day'],
  badVisitType: ['只能记录访问（type 为 visit）', 'Only visits can be recorded (type visit)'],
  alreadyCollected: ['已收藏该服务', 'This service is already one of your favourites'],
  feedbackEdit: ['只能答复反馈，不能修改反馈内容', 'Feedback can only be answered, not changed'],
  replyRequired: ['请输入答复内容', 'Please enter the answer'],
} as const satisfies Record<string, Message>;

/** The signed-in header's counters (myStatus/getMyStatusList), in their order. */
export const STATUS_NAMES = {
  todo: ['待办事项', 'To do'],
  done: ['已办事项', 'Done'],
  send: ['我的申请', 'My requests'],
  copy: ['抄送我的', 'Copied to me'],
  collect: ['我的收藏', 'Favourites'],
  message: ['未读消息', 'Unread messages'],
} as const satisfies Record<string, Message>;
