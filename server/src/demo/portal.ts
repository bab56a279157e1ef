// The demo portal (issue 16, "A portal worth opening on a fresh install"): with the demo campus
// (campus.ts) the public portal opens filled the way a Chinese university's service hall is:
//   门户配置   open, named 智慧校园服务大厅 / Smart Campus Service Hall, logo, hero words, footer, contact
//   顶部菜单   首页, 服务大厅, 办事中心, 待办中心 (with its four lists), 特色服务, 直通车, 学校官网 (outside)
//   轮播图     the index hero (type code index, 4 slides) and the hall banner (hall, 3 slides), pictures
//              drawn in portal-assets/art.ts and uploaded through put-file
//   服务       8 categories and SERVICES (42): most start one of the campus's six processes (several
//              services the same one), the rest open the school's other systems; each with its guide
//              (materials, steps, time limit, office, phone, fee, basis), some only for students,
//              staff, one department or one post, some only within a window (daily hours, days of
//              the month, a yearly range, given dates)
//   and        shortcut entrances, packages (新生入学一件事, 毕业离校一件事, 教职工入职一件事),
//              recommendations, the departments, the through-train (教学 / 生活 / 办公), floors with
//              their columns, precincts (迎新专区, 毕业专区, 教职工专区), news and links, special
//              services with their columns, news sources (the campus's notices), sayings, links,
//              the personal data centre's categories (获奖情况, 证书资质).
// Every name, description and guide text in Chinese and English.
//
// Made through the portal's own management calls (as the screens make them) as the campus
// administrator, with a short-lived token revoked when done. Once: a row of blade_secret
// (PORTAL_MARKER) records it made; nodes of one PostgreSQL database take the campus lock first. Every
// step looks before it makes (a picture by its file name, a row by its name, key or code), so a start
// that died half way is completed by the next one without duplicates. The portal opens (openPortal 1)
// last, when everything else is there.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Services } from '../app.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { SEED } from '../db/seed.ts';
import { campusMade, caller, locked, type Call } from './campus.ts';
import { PORTAL_ART } from './portal-assets/art.ts';

/** blade_secret.name of the row that says the demo portal is made. */
export const PORTAL_MARKER = 'demo-portal';
/** The slideshow types the index and the hall read (slideshow/noLogin/getSlideshowTypeAndList?typeCode=). */
export const PORTAL_SLIDESHOWS = { hero: 'index', hall: 'hall' } as const;
const B = '/api/blade-portal';

type RoleKey = 'student' | 'staff';
type DeptName = '教务处' | '学院办公室' | '财务处' | '计算机学院' | '信息化中心';
type CategoryKey = 'academic' | 'student' | 'hr' | 'finance' | 'admin' | 'logistics' | 'it' | 'research';
type SpecialKey = 'community' | 'staffHome' | 'digital';

const CATEGORIES: { key: CategoryKey; name: string; nameEn: string; icon: string; color: string; description: string; descriptionEn: string }[] = [
  { key: 'academic', name: '教务服务', nameEn: 'Academic affairs', icon: 'ReadOutlined', color: '#1677ff', description: '课表、成绩、教室与实验室、教学文件。', descriptionEn: 'Timetables, grades, classrooms and labs, teaching documents.' },
  { key: 'student', name: '学生事务', nameEn: 'Student affairs', icon: 'TeamOutlined', color: '#13a8a8', description: '请假、离校、奖助、社团与档案。', descriptionEn: 'Leave, holidays, scholarships, clubs and files.' },
  { key: 'hr', name: '人事服务', nameEn: 'Human resources', icon: 'IdcardOutlined', color: '#722ed1', description: '教职工请假、休假、外出与证明。', descriptionEn: 'Staff leave, holidays, trips and certificates.' },
  { key: 'finance', name: '财务服务', nameEn: 'Finance', icon: 'AccountBookOutlined', color: '#fa8c16', description: '报销、工资与个税。', descriptionEn: 'Claims, pay and income tax.' },
  { key: 'admin', name: '行政办公', nameEn: 'Administration', icon: 'AuditOutlined', color: '#cf1322', description: '会议室、用印与公文会签。', descriptionEn: 'Meeting rooms, seals and document countersigning.' },
  { key: 'logistics', name: '后勤保障', nameEn: 'Campus services', icon: 'HomeOutlined', color: '#52c41a', description: '宿舍报修、校园卡、校医院。', descriptionEn: 'Residence repairs, the campus card, the clinic.' },
  { key: 'it', name: '信息化服务', nameEn: 'IT services', icon: 'CloudServerOutlined', color: '#2f54eb', description: '校园网、邮箱、VPN、正版软件与信息化项目。', descriptionEn: 'Network, e-mail, VPN, licensed software and IT projects.' },
  { key: 'research', name: '科研服务', nameEn: 'Research', icon: 'ExperimentOutlined', color: '#eb2f96', description: '科研经费、合同与项目申报。', descriptionEn: 'Research funds, contracts and proposals.' },
];

/** One material of a guide: name, English name, required, copies (zh, en), note (zh, en). */
type M = [string, string, 0 | 1, string, string, string?, string?];
/** One step of a guide: name, English name, description (zh, en). */
type S = [string, string, string, string];

interface Validity { mode: 2 | 4 | 5 | 6; start?: string; end?: string; dates?: string[] }

export interface DemoService {
  name: string;
  nameEn: string;
  category: CategoryKey;
  dept: DeptName;
  /** itemWay 1: the process (a campus process key) it starts */
  process?: string;
  /** itemWay 2: the address it opens */
  url?: string;
  icon: string;
  summary: string;
  keywords: string;
  handleType: 1 | 2 | 3;
  timeLimit: string;
  office: string;
  contact: [string, string];
  fee: string;
  introduce: string;
  materials: M[];
  steps: S[];
  basis: string;
  /** audience: campus roles (by alias), departments (by name), posts (by code); none: everyone signed in */
  roles?: RoleKey[];
  depts?: DeptName[];
  posts?: string[];
  /** a window of the day, the month, the year (computed from the day the portal is made, see windows()) or given dates */
  validity?: 'daily' | 'monthly' | 'yearly' | 'dates';
  hot?: true;
  special?: SpecialKey;
}

// ---- the guides' common pieces ----
const FREE = '不收费';
const ONLINE = (approver: string, approverEn: string, finish = '办结通知', finishEn = 'Result'): S[] => [
  ['在线填写申请', 'Fill in the application online', '登录服务大厅，点击“在线办理”，按表单填写并提交。', 'Sign in to the service hall, choose "Handle online", fill in the form and submit it.'],
  [approver, approverEn, '审批人在待办中心办理，可同意、驳回或转办。', 'The approver handles it in the to-do centre: approves, returns or passes it on.'],
  [finish, finishEn, '办理结果以消息通知申请人，可在“我发起的”中查看流转记录。', 'The applicant is notified; the history is under "Started by me".'],
];
const EXTERNAL = (system: string, systemEn: string): S[] => [
  ['统一身份认证登录', 'Sign in with the campus account', `从服务大厅进入${system}，使用统一身份认证账号登录。`, `Open ${systemEn} from the service hall and sign in with your campus account.`],
  ['在线办理', 'Handle it online', '按页面提示填写信息、提交申请。', 'Follow the page: fill in the details and submit.'],
  ['查看结果', 'Check the result', '办理进度与结果在系统中查看，如有疑问请致电咨询。', 'Follow the progress and result there; call the office with any question.'],
];
const CARD: M = ['校园卡或身份证', 'Campus card or ID card', 1, '原件 1 份', '1 original'];

export const SERVICES: DemoService[] = [
  // ---- 学生事务 ----
  {
    name: '学生请假', nameEn: 'Student leave', category: 'student', dept: '计算机学院', process: 'campusStudentLeave', icon: 'FileTextOutlined', hot: true, special: 'community',
    summary: '学生因事、因病离校或不能参加教学活动的请假，辅导员审批，超过 3 天的再报院长审批。', keywords: '请假,事假,病假,离校,leave',
    handleType: 1, timeLimit: '1 个工作日（超过 3 天的 2 个工作日）', office: '计算机学院学生工作办公室（信息楼 108 室）', contact: ['王老师', '010-62751108'], fee: FREE,
    introduce: '在校学生因事、因病需要离开学校或不能参加课程、考试等教学活动的，应事先办理请假手续。请假 3 天以内由辅导员审批，超过 3 天的由辅导员审核后报院长审批。假期结束返校后请及时销假。',
    materials: [['请假事由说明', 'Reason for the leave', 1, '在线填写', 'Online form'], ['医院诊断证明', 'Medical certificate', 0, '扫描件 1 份', '1 scan', '病假时提供', 'For sick leave']],
    steps: [...ONLINE('辅导员审批', 'Counsellor approves'), ['返校销假', 'Report back', '返校后向辅导员销假。', 'Report back to the counsellor on return.']],
    basis: '《示范大学学生请假管理办法》（示大学〔2023〕12 号）', roles: ['student'],
  },
  {
    name: '学生病假申请', nameEn: 'Student sick leave', category: 'student', dept: '计算机学院', process: 'campusStudentLeave', icon: 'MedicineBoxOutlined', special: 'community',
    summary: '因病不能上课的学生凭医院诊断证明在线请病假。', keywords: '病假,看病,诊断证明,sick',
    handleType: 1, timeLimit: '1 个工作日', office: '计算机学院学生工作办公室（信息楼 108 室）', contact: ['王老师', '010-62751108'], fee: FREE,
    introduce: '学生因病需要休息、住院或不能参加教学活动的，凭校医院或二级以上医院的诊断证明申请病假，请假类型选择“病假”。',
    materials: [['医院诊断证明', 'Medical certificate', 1, '扫描件 1 份', '1 scan'], ['病历或住院证明', 'Medical record or admission note', 0, '扫描件 1 份', '1 scan', '住院时提供', 'When admitted to hospital']],
    steps: ONLINE('辅导员审批', 'Counsellor approves'),
    basis: '《示范大学学生请假管理办法》（示大学〔2023〕12 号）', roles: ['student'],
  },
  {
    name: '假期离校登记', nameEn: 'Holiday departure registration', category: 'student', dept: '计算机学院', process: 'campusStudentLeave', icon: 'CarOutlined', validity: 'yearly', special: 'community',
    summary: '寒暑假及长假离校前登记去向与返校时间，仅在学校通知的登记期内开放。', keywords: '离校,寒假,暑假,登记,holiday',
    handleType: 1, timeLimit: '即时', office: '计算机学院学生工作办公室（信息楼 108 室）', contact: ['王老师', '010-62751108'], fee: FREE,
    introduce: '为掌握学生假期去向、保障学生安全，寒暑假及国家法定长假前，学生须在登记期内如实登记离校时间、去向和返校时间。请假类型选择“事假”，请假事由填写去向与联系方式。',
    materials: [['离校去向及联系方式', 'Destination and contact', 1, '在线填写', 'Online form']],
    steps: ONLINE('辅导员确认', 'Counsellor confirms', '登记完成', 'Registered'),
    basis: '《示范大学学生安全管理规定》', roles: ['student'],
  },
  {
    name: '社团活动场地预约', nameEn: 'Club activity venue booking', category: 'student', dept: '学院办公室', process: 'campusMeetingRoom', icon: 'FlagOutlined', special: 'community',
    summary: '学生社团开展活动借用会议室、报告厅的在线预约。', keywords: '社团,活动,场地,预约,club',
    handleType: 1, timeLimit: '2 个工作日', office: '学院办公室（行政楼 305 室）', contact: ['赵老师', '010-62751305'], fee: FREE,
    introduce: '经登记的学生社团开展讲座、排练、例会等活动需要借用场地的，由社团负责人提前 3 个工作日在线预约，注明活动内容、人数和指导老师。',
    materials: [['活动方案', 'Activity plan', 1, '附件 1 份', '1 attachment'], ['指导老师意见', "Advisor's consent", 0, '附件 1 份', '1 attachment']],
    steps: ONLINE('学院办公室审批', 'College office approves'),
    basis: '《示范大学学生社团管理办法》', roles: ['student'],
  },
  {
    name: '奖助学金申请', nameEn: 'Scholarships and grants', category: 'student', dept: '计算机学院', url: 'https://xg.example.edu.cn/award', icon: 'TrophyOutlined', special: 'community',
    summary: '国家奖学金、励志奖学金、助学金及校内奖学金的申请与评审结果查询。', keywords: '奖学金,助学金,资助,scholarship',
    handleType: 1, timeLimit: '按当年评审通知', office: '学生资助管理中心（学生事务中心 2 楼）', contact: ['刘老师', '010-62751210'], fee: FREE,
    introduce: '每学年秋季学期开展奖助学金评审。学生在学工系统中填写申请、上传证明材料，经班级、学院评议和学校审核后公示。',
    materials: [['奖助学金申请表', 'Application form', 1, '在线填写', 'Online form'], ['家庭经济情况说明', 'Family financial statement', 0, '扫描件 1 份', '1 scan', '申请助学金时提供', 'For grants']],
    steps: EXTERNAL('学工系统', 'the student affairs system'),
    basis: '《普通高等学校学生资助管理办法》', roles: ['student'],
  },
  {
    name: '毕业生档案转递', nameEn: 'Graduate file transfer', category: 'student', dept: '计算机学院', url: 'https://xg.example.edu.cn/archive', icon: 'FolderOpenOutlined',
    summary: '毕业生人事档案转递去向登记与机要寄送查询。', keywords: '档案,毕业,转递,archive',
    handleType: 3, timeLimit: '登记后 15 个工作日内寄出', office: '学生事务中心档案室（学生事务中心 1 楼）', contact: ['孙老师', '010-62751120'], fee: FREE,
    introduce: '毕业生在离校前登记档案转递去向（就业单位、人才服务机构或生源地），学校统一通过机要寄出，可凭机要编号查询。',
    materials: [['就业协议书或接收函', 'Employment agreement or acceptance letter', 1, '复印件 1 份', '1 copy'], CARD],
    steps: EXTERNAL('学工系统', 'the student affairs system'),
    basis: '《干部人事档案工作条例》',
  },
  // ---- 教务服务 ----
  {
    name: '教室借用', nameEn: 'Classroom booking', category: 'academic', dept: '教务处', process: 'campusMeetingRoom', icon: 'BankOutlined',
    summary: '课外学习、讲座和考试借用教室的在线申请。', keywords: '教室,借用,自习,classroom',
    handleType: 1, timeLimit: '2 个工作日', office: '教务处教室管理科（行政楼 201 室）', contact: ['李老师', '010-62751201'], fee: FREE,
    introduce: '师生在课表以外时间借用教室开展学习、讲座、考试等活动的，请提前 3 个工作日在线申请，选择会议室字典中的场地并填写时间和用途。',
    materials: [['借用用途说明', 'Purpose', 1, '在线填写', 'Online form']],
    steps: ONLINE('办公室审批', 'Office approves'),
    basis: '《示范大学教室使用管理规定》', roles: ['student', 'staff'],
  },
  {
    name: '计算机学院实验室预约', nameEn: 'Computer School lab booking', category: 'academic', dept: '计算机学院', process: 'campusMeetingRoom', icon: 'DesktopOutlined',
    summary: '计算机学院师生预约学院实验室、研讨室，仅面向本院。', keywords: '实验室,研讨室,预约,lab',
    handleType: 1, timeLimit: '1 个工作日', office: '计算机学院实验中心（信息楼 305 室）', contact: ['陈老师', '010-62751305'], fee: FREE,
    introduce: '计算机学院的教师、学生（含各班级）可在线预约学院实验室和研讨室，用于课程实验、竞赛训练和项目研讨。其他学院的师生请通过“教室借用”办理。',
    materials: [['使用计划', 'Plan of use', 1, '在线填写', 'Online form']],
    steps: ONLINE('学院办公室审批', 'College office approves'),
    basis: '《计算机学院实验室开放管理办法》', depts: ['计算机学院'],
  },
  {
    name: '学术报告厅预约', nameEn: 'Lecture hall booking', category: 'academic', dept: '教务处', process: 'campusMeetingRoom', icon: 'SoundOutlined', validity: 'daily',
    summary: '学术报告、讲座借用报告厅，工作日办公时间内受理。', keywords: '报告厅,讲座,学术,hall',
    handleType: 1, timeLimit: '2 个工作日', office: '教务处教室管理科（行政楼 201 室）', contact: ['李老师', '010-62751201'], fee: FREE,
    introduce: '举办学术报告、讲座需借用学术报告厅的，由主办教师在办公时间内提交预约，写明报告人、主题和预计人数。',
    materials: [['报告会通知', 'Notice of the talk', 1, '附件 1 份', '1 attachment'], ['报告人简介', "Speaker's biography", 0, '附件 1 份', '1 attachment']],
    steps: ONLINE('办公室审批', 'Office approves'),
    basis: '《示范大学学术报告会管理办法》', roles: ['staff'],
  },
  {
    name: '开放日场地预约', nameEn: 'Open day venue booking', category: 'academic', dept: '教务处', process: 'campusMeetingRoom', icon: 'ScheduleOutlined', validity: 'dates',
    summary: '校园开放日各学院展位与宣讲场地预约，仅在开放日当天办理。', keywords: '开放日,招生,宣讲,open day',
    handleType: 1, timeLimit: '当日', office: '教务处招生办公室（行政楼 206 室）', contact: ['周老师', '010-62751206'], fee: FREE,
    introduce: '校园开放日期间，各学院可为招生宣讲、专业展示预约报告厅和会议室。预约仅在开放日当天受理。',
    materials: [['宣讲安排', 'Programme', 1, '在线填写', 'Online form']],
    steps: ONLINE('办公室审批', 'Office approves'),
    basis: '《示范大学本科招生宣传工作办法》', roles: ['staff'],
  },
  {
    name: '教学文件会签', nameEn: 'Teaching document countersign', category: 'academic', dept: '教务处', process: 'campusCountersign', icon: 'FileDoneOutlined',
    summary: '培养方案、教学计划调整等教学文件的多部门会签。', keywords: '培养方案,教学计划,会签,teaching',
    handleType: 1, timeLimit: '5 个工作日', office: '教务处综合科（行政楼 203 室）', contact: ['李老师', '010-62751203'], fee: FREE,
    introduce: '涉及多个部门的教学文件（培养方案修订、教学计划调整、课程设置变更等）由起草部门发起会签，各会签领导同时办理，全部同意后由办公室归档。',
    materials: [['文件正文', 'Document', 1, '附件 1 份', '1 attachment'], ['修订说明', 'Explanation of changes', 0, '附件 1 份', '1 attachment']],
    steps: ONLINE('领导会签', 'Leaders countersign', '办公室归档', 'Filed by the office'),
    basis: '《示范大学公文处理办法》', roles: ['staff'],
  },
  {
    name: '成绩查询', nameEn: 'Grades', category: 'academic', dept: '教务处', url: 'https://jwxt.example.edu.cn/score', icon: 'BarChartOutlined', special: 'community',
    summary: '查询各学期课程成绩、绩点与学分完成情况。', keywords: '成绩,绩点,学分,GPA,grades',
    handleType: 1, timeLimit: '即时', office: '教务处学籍科（行政楼 202 室）', contact: ['吴老师', '010-62751202'], fee: FREE,
    introduce: '学生可在教务系统中查询本人各学期课程成绩、平均学分绩点和培养方案学分完成情况。对成绩有异议的，可在成绩公布后 10 个工作日内申请复核。',
    materials: [['统一身份认证账号', 'Campus account', 1, '—', '—']],
    steps: EXTERNAL('教务系统', 'the academic system'),
    basis: '《示范大学本科生学籍管理规定》',
  },
  {
    name: '课表查询', nameEn: 'Timetable', category: 'academic', dept: '教务处', url: 'https://jwxt.example.edu.cn/timetable', icon: 'CalendarOutlined', special: 'community',
    summary: '查询个人课表、教室课表和教师课表。', keywords: '课表,上课,教室,timetable',
    handleType: 1, timeLimit: '即时', office: '教务处教学运行科（行政楼 204 室）', contact: ['郑老师', '010-62751204'], fee: FREE,
    introduce: '师生可查询本学期个人课表、任一教室的占用情况和教师授课安排，并可导出到手机日历。',
    materials: [['统一身份认证账号', 'Campus account', 1, '—', '—']],
    steps: EXTERNAL('教务系统', 'the academic system'),
    basis: '《示范大学教学运行管理规定》',
  },
  {
    name: '成绩单与在读证明打印', nameEn: 'Transcripts and enrolment certificates', category: 'academic', dept: '教务处', url: 'https://print.example.edu.cn', icon: 'PrinterOutlined',
    summary: '自助打印中英文成绩单、在读证明，也可到窗口办理。', keywords: '成绩单,在读证明,打印,transcript',
    handleType: 3, timeLimit: '自助打印即时；窗口 1 个工作日', office: '师生综合服务中心（行政楼 1 楼）或各自助打印终端', contact: ['吴老师', '010-62751202'], fee: '每份 2 元（每学年前 5 份免费）',
    introduce: '学生可在线申请并在校内自助打印终端打印中英文成绩单、在读证明和学籍证明，加盖电子印章；需纸质盖章件的，可到师生综合服务中心窗口办理。',
    materials: [CARD],
    steps: [['在线申请', 'Apply online', '选择证明类型、份数和语言。', 'Choose the document, copies and language.'], ['自助打印', 'Print', '刷校园卡在自助终端打印。', 'Print at a self-service terminal with your campus card.'], ['窗口领取', 'Collect at the desk', '需纸质盖章件的到窗口领取。', 'Collect stamped paper copies at the desk.']],
    basis: '《示范大学学生证明材料出具办法》',
  },
  {
    name: '图书借阅与清还', nameEn: 'Library loans and clearance', category: 'academic', dept: '教务处', url: 'https://lib.example.edu.cn', icon: 'BookOutlined', special: 'community',
    summary: '图书续借、预约、逾期处理和离校清还证明。', keywords: '图书馆,借书,续借,清还,library',
    handleType: 3, timeLimit: '即时', office: '图书馆总服务台（图书馆 1 楼）', contact: ['图书馆服务台', '010-62751500'], fee: '逾期每册每日 0.1 元',
    introduce: '读者可在线查询借阅记录、续借和预约图书；毕业或离职前须归还全部图书并结清逾期费用，系统自动出具清还证明。',
    materials: [CARD],
    steps: EXTERNAL('图书馆系统', 'the library system'),
    basis: '《示范大学图书馆读者借阅规则》',
  },
  // ---- 人事服务 ----
  {
    name: '教职工请假', nameEn: 'Staff leave', category: 'hr', dept: '学院办公室', process: 'campusStaffLeave', icon: 'CalendarOutlined', hot: true, special: 'staffHome',
    summary: '教职工事假、病假、婚假、产假等各类请假，院长审批。', keywords: '请假,事假,病假,婚假,产假,leave',
    handleType: 1, timeLimit: '1 个工作日', office: '学院办公室（行政楼 305 室）', contact: ['赵老师', '010-62751305'], fee: FREE,
    introduce: '教职工因事、因病等需要请假的，应事先在线申请，请假类型取自“请假类型”字典，由院长审批。请假期间有教学任务的，须先安排调课或代课。',
    materials: [['请假事由', 'Reason', 1, '在线填写', 'Online form'], ['相关证明', 'Supporting document', 0, '扫描件 1 份', '1 scan', '病假、婚假、产假时提供', 'For sick, marriage or maternity leave']],
    steps: ONLINE('院长审批', 'Dean approves'),
    basis: '《示范大学教职工考勤与请假管理办法》', roles: ['staff'],
  },
  {
    name: '年休假申请', nameEn: 'Annual leave', category: 'hr', dept: '学院办公室', process: 'campusStaffLeave', icon: 'CoffeeOutlined', special: 'staffHome',
    summary: '符合条件的教职工申请带薪年休假。', keywords: '年假,年休假,休假,annual leave',
    handleType: 1, timeLimit: '1 个工作日', office: '学院办公室（行政楼 305 室）', contact: ['赵老师', '010-62751305'], fee: FREE,
    introduce: '连续工作满 12 个月的教职工可享受带薪年休假，原则上在寒暑假安排；非假期时间休年假的请提前一周申请，请假类型选择“年假”。',
    materials: [['休假安排', 'Leave plan', 1, '在线填写', 'Online form']],
    steps: ONLINE('院长审批', 'Dean approves'),
    basis: '《职工带薪年休假条例》', roles: ['staff'],
  },
  {
    name: '因公外出登记', nameEn: 'Business trip registration', category: 'hr', dept: '学院办公室', process: 'campusStaffLeave', icon: 'CarOutlined', special: 'staffHome',
    summary: '参加会议、培训、调研等因公外出的登记与审批。', keywords: '出差,外出,公假,trip',
    handleType: 1, timeLimit: '1 个工作日', office: '学院办公室（行政楼 305 室）', contact: ['赵老师', '010-62751305'], fee: FREE,
    introduce: '教职工因公外出参加会议、培训、调研的，应在出发前登记，请假类型选择“公假”，写明外出事由、地点和日期；返回后凭审批记录办理差旅费报销。',
    materials: [['会议或培训通知', 'Invitation or notice', 1, '附件 1 份', '1 attachment']],
    steps: ONLINE('院长审批', 'Dean approves'),
    basis: '《示范大学差旅费管理办法》', roles: ['staff'],
  },
  {
    name: '在职证明开具', nameEn: 'Certificate of employment', category: 'hr', dept: '学院办公室', process: 'campusSeal', icon: 'SafetyCertificateOutlined', special: 'staffHome',
    summary: '开具在职证明、收入证明并加盖学校公章。', keywords: '在职证明,收入证明,盖章,certificate',
    handleType: 3, timeLimit: '2 个工作日', office: '学院办公室（行政楼 305 室）', contact: ['赵老师', '010-62751305'], fee: FREE,
    introduce: '教职工办理签证、贷款等需要在职证明或收入证明的，在线提交用印申请（用印类型选择“学校公章”），审批通过后到学院办公室领取。',
    materials: [['证明文本', 'Text of the certificate', 1, '附件 1 份', '1 attachment'], ['身份证', 'ID card', 1, '复印件 1 份', '1 copy']],
    steps: [...ONLINE('办公室审批', 'Office approves', '盖章领取', 'Stamped and collected')],
    basis: '《示范大学印章使用管理办法》', roles: ['staff'],
  },
  {
    name: '人事档案查阅', nameEn: 'Personnel file consultation', category: 'hr', dept: '学院办公室', url: 'https://hr.example.edu.cn/archive', icon: 'ContainerOutlined',
    summary: '因工作需要查阅、借阅人事档案的预约，到档案室现场办理。', keywords: '人事档案,查阅,personnel file',
    handleType: 2, timeLimit: '预约后 3 个工作日内', office: '人事档案室（行政楼 110 室）', contact: ['钱老师', '010-62751110'], fee: FREE,
    introduce: '因职称评审、政审等工作需要查阅人事档案的，由单位经办人在人事系统预约，持单位介绍信和本人工作证到档案室现场查阅，档案不外借。',
    materials: [['单位介绍信', 'Letter from the unit', 1, '原件 1 份', '1 original'], ['工作证', 'Staff card', 1, '原件', 'Original']],
    steps: [['网上预约', 'Book online', '在人事系统预约查阅时间。', 'Book a time in the HR system.'], ['现场查阅', 'Consult on site', '按预约时间到档案室查阅。', 'Consult the file at the archive room at the booked time.']],
    basis: '《干部人事档案工作条例》', roles: ['staff'],
  },
  // ---- 财务服务 ----
  {
    name: '费用报销', nameEn: 'Expense claims', category: 'finance', dept: '财务处', process: 'campusExpense', icon: 'MoneyCollectOutlined', hot: true, special: 'staffHome',
    summary: '日常费用网上报销：明细自动合计，5000 元以下财务审核，5000 元及以上先经院长审批。', keywords: '报销,发票,费用,expense',
    handleType: 3, timeLimit: '5 个工作日', office: '财务处报账大厅（行政楼 1 楼东侧）', contact: ['孙老师', '010-62751150'], fee: FREE,
    introduce: '教职工的日常费用在网上逐项填写报销明细，系统自动合计报销总额：5000 元以下由财务处审核，5000 元及以上须先经院长审批。审批通过后三个工作日内将纸质票据交财务处。',
    materials: [['发票', 'Invoices', 1, '原件', 'Originals'], ['报销明细', 'Itemised list', 1, '在线填写', 'Online form'], ['审批单或合同', 'Approval or contract', 0, '复印件 1 份', '1 copy', '大额支出时提供', 'For large amounts']],
    steps: [...ONLINE('财务审核', 'Finance checks', '支付到账', 'Paid'), ['交纸质票据', 'Hand in the receipts', '审批通过后三个工作日内交财务处。', 'Hand in the paper receipts within three working days.']],
    basis: '《示范大学财务报销管理办法》', roles: ['staff'],
  },
  {
    name: '差旅费报销', nameEn: 'Travel expense claims', category: 'finance', dept: '财务处', process: 'campusExpense', icon: 'RocketOutlined', special: 'staffHome',
    summary: '因公出差交通、住宿和伙食补助的报销。', keywords: '差旅,出差,机票,住宿,travel',
    handleType: 3, timeLimit: '5 个工作日', office: '财务处报账大厅（行政楼 1 楼东侧）', contact: ['孙老师', '010-62751150'], fee: FREE,
    introduce: '出差返回后 30 日内报销，报销类别选择“差旅费”，逐项填写交通费、住宿费，伙食补助和市内交通补助按标准计算。',
    materials: [['交通票据与住宿发票', 'Tickets and hotel invoices', 1, '原件', 'Originals'], ['因公外出审批记录', 'Trip approval', 1, '系统关联', 'From the system']],
    steps: ONLINE('财务审核', 'Finance checks', '支付到账', 'Paid'),
    basis: '《示范大学差旅费管理办法》', roles: ['staff'],
  },
  {
    name: '办公用品报销', nameEn: 'Office supplies claims', category: 'finance', dept: '财务处', process: 'campusExpense', icon: 'ShoppingOutlined', validity: 'monthly',
    summary: '办公用品、耗材的报销，每月 1–25 日受理。', keywords: '办公用品,耗材,报销,supplies',
    handleType: 1, timeLimit: '3 个工作日', office: '财务处报账大厅（行政楼 1 楼东侧）', contact: ['孙老师', '010-62751150'], fee: FREE,
    introduce: '部门购买办公用品和耗材的费用，每月 1 日至 25 日受理报销（月末为财务结账期）。报销类别选择“办公用品”，附采购清单。',
    materials: [['发票及采购清单', 'Invoice and purchase list', 1, '原件', 'Originals']],
    steps: ONLINE('财务审核', 'Finance checks', '支付到账', 'Paid'),
    basis: '《示范大学财务报销管理办法》', roles: ['staff'],
  },
  {
    name: '会议费报销', nameEn: 'Meeting expense claims', category: 'finance', dept: '财务处', process: 'campusExpense', icon: 'TeamOutlined',
    summary: '举办学术会议、工作会议费用的报销。', keywords: '会议费,会务,报销,meeting',
    handleType: 3, timeLimit: '5 个工作日', office: '财务处报账大厅（行政楼 1 楼东侧）', contact: ['孙老师', '010-62751150'], fee: FREE,
    introduce: '举办会议的费用凭会议通知、签到表和费用明细报销，报销类别选择“会议费”，会议费标准按学校规定执行。',
    materials: [['会议通知', 'Meeting notice', 1, '附件 1 份', '1 attachment'], ['签到表', 'Attendance list', 1, '附件 1 份', '1 attachment'], ['发票', 'Invoices', 1, '原件', 'Originals']],
    steps: ONLINE('财务审核', 'Finance checks', '支付到账', 'Paid'),
    basis: '《示范大学会议费管理办法》', roles: ['staff'],
  },
  {
    name: '工资与个税查询', nameEn: 'Salary and income tax', category: 'finance', dept: '财务处', url: 'https://cw.example.edu.cn/salary', icon: 'PayCircleOutlined', special: 'staffHome',
    summary: '查询每月工资条、津贴发放和个人所得税扣缴明细。', keywords: '工资,工资条,个税,salary',
    handleType: 1, timeLimit: '即时', office: '财务处薪酬科（行政楼 1 楼 108 室）', contact: ['孙老师', '010-62751108'], fee: FREE,
    introduce: '教职工可在财务系统查询本人每月工资条、各项津贴补贴发放记录和个人所得税扣缴明细，并可打印收入证明。',
    materials: [['统一身份认证账号', 'Campus account', 1, '—', '—']],
    steps: EXTERNAL('财务系统', 'the finance system'),
    basis: '《中华人民共和国个人所得税法》', roles: ['staff'],
  },
  // ---- 行政办公 ----
  {
    name: '会议室预约', nameEn: 'Meeting room booking', category: 'admin', dept: '学院办公室', process: 'campusMeetingRoom', icon: 'TeamOutlined', hot: true,
    summary: '行政楼会议室、学院报告厅和图书馆研讨室的在线预约。', keywords: '会议室,预约,研讨室,meeting room',
    handleType: 1, timeLimit: '1 个工作日', office: '学院办公室（行政楼 305 室）', contact: ['赵老师', '010-62751305'], fee: FREE,
    introduce: '师生可在线预约行政楼 301、502 会议室，计算机学院报告厅和图书馆研讨室，选择日期与起止时间，由办公室审批。',
    materials: [['会议主题与人数', 'Subject and attendance', 1, '在线填写', 'Online form']],
    steps: ONLINE('办公室审批', 'Office approves'),
    basis: '《示范大学会议室管理办法》', roles: ['staff', 'student'],
  },
  {
    name: '学校公章用印', nameEn: 'School seal', category: 'admin', dept: '学院办公室', process: 'campusSeal', icon: 'AuditOutlined',
    summary: '加盖学校公章、学院公章、党委公章的用印申请。', keywords: '用印,公章,盖章,seal',
    handleType: 3, timeLimit: '1 个工作日', office: '学院办公室（行政楼 305 室）', contact: ['赵老师', '010-62751305'], fee: FREE,
    introduce: '各部门需要加盖学校或学院印章的，在线提交用印申请，写明用印事由、份数，并上传用印文件；审批通过后持纸质文件到办公室盖章，可抄送部门负责人知悉。',
    materials: [['用印文件', 'Document to be sealed', 1, '附件 1 份', '1 attachment']],
    steps: ONLINE('办公室审批', 'Office approves', '现场盖章', 'Sealed at the office'),
    basis: '《示范大学印章使用管理办法》', roles: ['staff'],
  },
  {
    name: '合同用印', nameEn: 'Contract seal', category: 'admin', dept: '学院办公室', process: 'campusSeal', icon: 'FileProtectOutlined',
    summary: '采购、服务、合作等合同加盖合同专用章。', keywords: '合同,合同专用章,用印,contract',
    handleType: 3, timeLimit: '2 个工作日', office: '学院办公室（行政楼 305 室）', contact: ['赵老师', '010-62751305'], fee: FREE,
    introduce: '以学校名义签订的合同，经业务部门和法务审核后提交用印申请，用印类型选择“合同专用章”。',
    materials: [['合同文本', 'Contract', 1, '附件 1 份', '1 attachment'], ['合同审核意见', 'Legal review', 1, '附件 1 份', '1 attachment']],
    steps: ONLINE('办公室审批', 'Office approves', '现场盖章', 'Sealed at the office'),
    basis: '《示范大学合同管理办法》', roles: ['staff'],
  },
  {
    name: '公文会签', nameEn: 'Document countersign', category: 'admin', dept: '学院办公室', process: 'campusCountersign', icon: 'FileDoneOutlined',
    summary: '涉及多个部门的公文由各会签领导同时办理，全部同意后归档。', keywords: '公文,会签,发文,countersign',
    handleType: 1, timeLimit: '3 个工作日', office: '学院办公室（行政楼 305 室）', contact: ['赵老师', '010-62751305'], fee: FREE,
    introduce: '起草部门选定会签领导（默认院长和财务负责人）后发起会签，每位会签领导各有一条待办，全部同意后由办公室归档。',
    materials: [['公文正文', 'Document', 1, '附件 1 份', '1 attachment']],
    steps: ONLINE('领导会签', 'Leaders countersign', '办公室归档', 'Filed by the office'),
    basis: '《党政机关公文处理工作条例》', roles: ['staff'],
  },
  {
    name: '院长办公会议题会签', nameEn: "Dean's meeting agenda countersign", category: 'admin', dept: '学院办公室', process: 'campusCountersign', icon: 'SolutionOutlined',
    summary: '提交院长办公会审议的议题，由院长岗位发起会签。', keywords: '院长办公会,议题,会签,agenda',
    handleType: 1, timeLimit: '3 个工作日', office: '学院办公室（行政楼 305 室）', contact: ['赵老师', '010-62751305'], fee: FREE,
    introduce: '院长办公会的议题由院长岗位发起会签，相关领导会签后列入会议议程，由办公室归档。',
    materials: [['议题材料', 'Agenda papers', 1, '附件 1 份', '1 attachment']],
    steps: ONLINE('领导会签', 'Leaders countersign', '列入议程', 'On the agenda'),
    basis: '《计算机学院院长办公会议事规则》', posts: ['dean'],
  },
  // ---- 科研服务 ----
  {
    name: '科研经费报销', nameEn: 'Research fund claims', category: 'research', dept: '财务处', process: 'campusExpense', icon: 'FundOutlined',
    summary: '纵向、横向科研项目经费的报销。', keywords: '科研经费,项目,报销,research fund',
    handleType: 3, timeLimit: '5 个工作日', office: '财务处科研经费科（行政楼 1 楼 112 室）', contact: ['孙老师', '010-62751112'], fee: FREE,
    introduce: '科研项目经费按项目预算科目报销，报销说明中注明项目编号；设备费、劳务费等须附相应审批材料。',
    materials: [['发票', 'Invoices', 1, '原件', 'Originals'], ['项目预算书', 'Project budget', 0, '复印件 1 份', '1 copy', '首次报销时提供', 'On the first claim']],
    steps: ONLINE('财务审核', 'Finance checks', '支付到账', 'Paid'),
    basis: '《示范大学科研经费管理办法》', roles: ['staff'],
  },
  {
    name: '科研合同用印', nameEn: 'Research contract seal', category: 'research', dept: '计算机学院', process: 'campusSeal', icon: 'FileProtectOutlined',
    summary: '横向科研合同、技术服务合同的用印。', keywords: '科研合同,技术服务,用印,contract',
    handleType: 3, timeLimit: '2 个工作日', office: '学院办公室（行政楼 305 室）', contact: ['赵老师', '010-62751305'], fee: FREE,
    introduce: '项目负责人签订横向科研合同、技术开发或服务合同，经科研管理部门审核后提交用印申请，用印类型选择“合同专用章”。',
    materials: [['合同文本', 'Contract', 1, '附件 1 份', '1 attachment']],
    steps: ONLINE('办公室审批', 'Office approves', '现场盖章', 'Sealed at the office'),
    basis: '《示范大学横向科研项目管理办法》', roles: ['staff'],
  },
  {
    name: '科研项目申报会签', nameEn: 'Research proposal countersign', category: 'research', dept: '计算机学院', process: 'campusCountersign', icon: 'ExperimentOutlined',
    summary: '申报纵向科研项目的申请书由学院和相关部门会签。', keywords: '项目申报,基金,会签,proposal',
    handleType: 1, timeLimit: '3 个工作日', office: '计算机学院科研办公室（信息楼 210 室）', contact: ['陈老师', '010-62751210'], fee: FREE,
    introduce: '申报国家、省部级科研项目的，申请书经学院和财务等部门会签，确认配套条件和经费预算后提交。',
    materials: [['项目申请书', 'Proposal', 1, '附件 1 份', '1 attachment'], ['经费预算表', 'Budget', 1, '附件 1 份', '1 attachment']],
    steps: ONLINE('领导会签', 'Leaders countersign', '提交申报', 'Submitted'),
    basis: '《示范大学科研项目管理办法》', roles: ['staff'],
  },
  {
    name: '科研管理系统', nameEn: 'Research management system', category: 'research', dept: '计算机学院', url: 'https://kyxt.example.edu.cn', icon: 'DatabaseOutlined',
    summary: '项目、成果、专利与学术活动的登记和查询。', keywords: '科研系统,成果,专利,research',
    handleType: 1, timeLimit: '即时', office: '计算机学院科研办公室（信息楼 210 室）', contact: ['陈老师', '010-62751210'], fee: FREE,
    introduce: '教师在科研管理系统中登记科研项目、论文、专利等成果，成果用于年度考核和职称评审。',
    materials: [['统一身份认证账号', 'Campus account', 1, '—', '—']],
    steps: EXTERNAL('科研管理系统', 'the research system'),
    basis: '《示范大学科研成果登记办法》',
  },
  // ---- 信息化服务 ----
  {
    name: '信息系统建设项目会签', nameEn: 'IT project countersign', category: 'it', dept: '信息化中心', process: 'campusCountersign', icon: 'ClusterOutlined', special: 'digital',
    summary: '各部门新建、升级信息系统的立项会签。', keywords: '信息系统,立项,会签,IT project',
    handleType: 1, timeLimit: '5 个工作日', office: '信息化中心（图书馆 6 楼）', contact: ['信息化中心', '010-62751600'], fee: FREE,
    introduce: '部门新建或升级信息系统，须提交建设方案，由信息化中心、财务等部门会签，确保统一身份认证、数据标准和网络安全要求落实。',
    materials: [['建设方案', 'Project plan', 1, '附件 1 份', '1 attachment'], ['网络安全自查表', 'Security checklist', 1, '附件 1 份', '1 attachment']],
    steps: ONLINE('领导会签', 'Leaders countersign', '立项备案', 'Registered'),
    basis: '《示范大学信息化建设项目管理办法》', roles: ['staff'],
  },
  {
    name: '校园网账号开通', nameEn: 'Campus network account', category: 'it', dept: '信息化中心', url: 'https://self.example.edu.cn', icon: 'WifiOutlined', hot: true, special: 'digital',
    summary: '开通校园网、无线网账号，自助修改密码和查询流量。', keywords: '校园网,上网,无线,wifi,network',
    handleType: 1, timeLimit: '即时', office: '信息化中心服务台（图书馆 1 楼）', contact: ['信息化中心', '010-62751600'], fee: '基本流量免费',
    introduce: '新入学学生和新入职教职工使用统一身份认证账号在自助服务系统开通校园网，开通后即可使用有线网络和校园无线网。',
    materials: [['统一身份认证账号', 'Campus account', 1, '—', '—']],
    steps: EXTERNAL('自助服务系统', 'the self-service system'),
    basis: '《示范大学校园网管理办法》',
  },
  {
    name: '电子邮箱申请', nameEn: 'E-mail account', category: 'it', dept: '信息化中心', url: 'https://mail.example.edu.cn', icon: 'MailOutlined', special: 'digital',
    summary: '申请学校电子邮箱，个人邮箱和部门公共邮箱。', keywords: '邮箱,电子邮件,email',
    handleType: 1, timeLimit: '1 个工作日', office: '信息化中心服务台（图书馆 1 楼）', contact: ['信息化中心', '010-62751600'], fee: FREE,
    introduce: '师生可申请 @example.edu.cn 个人邮箱；部门公共邮箱由部门负责人申请。',
    materials: [['统一身份认证账号', 'Campus account', 1, '—', '—']],
    steps: EXTERNAL('邮件系统', 'the mail system'),
    basis: '《示范大学电子邮件系统管理办法》',
  },
  {
    name: '正版软件下载', nameEn: 'Licensed software', category: 'it', dept: '信息化中心', url: 'https://soft.example.edu.cn', icon: 'CloudDownloadOutlined', special: 'digital',
    summary: '下载学校购买的正版操作系统、办公软件和杀毒软件。', keywords: '正版软件,下载,office,windows,software',
    handleType: 1, timeLimit: '即时', office: '信息化中心（图书馆 6 楼）', contact: ['信息化中心', '010-62751600'], fee: FREE,
    introduce: '学校购买的正版软件（操作系统、办公套件、杀毒软件等）供师生在校内网络环境下载安装并自动激活。',
    materials: [['统一身份认证账号', 'Campus account', 1, '—', '—']],
    steps: EXTERNAL('正版软件平台', 'the software site'),
    basis: '《示范大学软件正版化工作管理办法》',
  },
  {
    name: 'VPN 远程访问', nameEn: 'VPN remote access', category: 'it', dept: '信息化中心', url: 'https://vpn.example.edu.cn', icon: 'SafetyOutlined', special: 'digital',
    summary: '校外访问图书馆数据库和校内系统。', keywords: 'vpn,校外访问,数据库,remote',
    handleType: 1, timeLimit: '即时', office: '信息化中心服务台（图书馆 1 楼）', contact: ['信息化中心', '010-62751600'], fee: FREE,
    introduce: '在校外使用 VPN 访问图书馆电子资源和校内业务系统，登录需统一身份认证和手机验证码。',
    materials: [['统一身份认证账号', 'Campus account', 1, '—', '—']],
    steps: EXTERNAL('VPN 门户', 'the VPN portal'),
    basis: '《示范大学网络安全管理办法》',
  },
  // ---- 后勤保障 ----
  {
    name: '宿舍报修', nameEn: 'Dormitory repairs', category: 'logistics', dept: '学院办公室', url: 'https://repair.example.edu.cn', icon: 'ToolOutlined', hot: true, special: 'community',
    summary: '宿舍水电、门窗、家具等故障在线报修，进度可查。', keywords: '报修,维修,宿舍,水电,repair',
    handleType: 1, timeLimit: '一般故障 24 小时内上门', office: '后勤服务中心（东区 1 号楼 1 楼）', contact: ['后勤服务热线', '010-62751800'], fee: '人为损坏按价赔偿，其余免费',
    introduce: '学生宿舍的水电、门窗、家具、空调等设施故障可在线报修，写明宿舍号和故障情况并上传照片，维修完成后可评价。',
    materials: [['故障照片', 'Photo of the fault', 0, '1–3 张', '1–3 photos']],
    steps: EXTERNAL('后勤报修系统', 'the repair system'),
    basis: '《示范大学学生公寓管理规定》',
  },
  {
    name: '校园卡办理与挂失', nameEn: 'Campus card', category: 'logistics', dept: '学院办公室', url: 'https://card.example.edu.cn', icon: 'CreditCardOutlined', special: 'community',
    summary: '校园卡挂失、解挂、补办、充值与离校注销。', keywords: '校园卡,一卡通,挂失,补办,card',
    handleType: 3, timeLimit: '挂失即时；补办 1 个工作日', office: '一卡通服务中心（学生事务中心 1 楼）', contact: ['一卡通服务中心', '010-62751900'], fee: '补办每张 20 元',
    introduce: '校园卡丢失后请立即在线挂失，补办须本人持有效证件到一卡通服务中心办理；毕业离校前办理注销和余额退还。',
    materials: [['身份证', 'ID card', 1, '原件', 'Original']],
    steps: EXTERNAL('一卡通系统', 'the campus card system'),
    basis: '《示范大学校园卡管理办法》',
  },
  {
    name: '校医院预约挂号', nameEn: 'Campus clinic appointment', category: 'logistics', dept: '学院办公室', url: 'https://hospital.example.edu.cn', icon: 'MedicineBoxOutlined', special: 'community',
    summary: '校医院门诊预约挂号、体检预约和报告查询。', keywords: '校医院,挂号,体检,clinic',
    handleType: 1, timeLimit: '即时', office: '校医院（南区医疗楼）', contact: ['校医院', '010-62751120'], fee: '按医保规定',
    introduce: '师生可预约校医院各科室门诊，新生入学体检和教职工年度体检也在此预约，体检报告可在线查询。',
    materials: [CARD],
    steps: EXTERNAL('校医院预约系统', 'the clinic booking system'),
    basis: '《示范大学医疗保障管理办法》',
  },
];

// ---- the guides in English (an English page shows them) ----
/** The English of the guides' shared phrases: time limits, offices, fees, bases, contacts. */
const PHRASE_EN: Record<string, string> = {
  // time limits
  '1 个工作日（超过 3 天的 2 个工作日）': '1 working day (2 for more than 3 days)', '1 个工作日': '1 working day', '即时': 'At once', '2 个工作日': '2 working days',
  '按当年评审通知': "As the year's review notice sets", '登记后 15 个工作日内寄出': 'Sent within 15 working days of registering', '当日': 'The same day',
  '5 个工作日': '5 working days', '自助打印即时；窗口 1 个工作日': 'Self-service printing at once; 1 working day at the desk', '预约后 3 个工作日内': 'Within 3 working days of booking',
  '3 个工作日': '3 working days', '一般故障 24 小时内上门': 'Most faults attended within 24 hours', '挂失即时；补办 1 个工作日': 'Reported lost at once; replaced in 1 working day',
  // offices
  '计算机学院学生工作办公室（信息楼 108 室）': 'Student Affairs Office, School of Computer Science (Information Building, room 108)',
  '学院办公室（行政楼 305 室）': 'College Office (Administration Building, room 305)',
  '学生资助管理中心（学生事务中心 2 楼）': 'Student Financial Aid Centre (Student Affairs Centre, 2nd floor)',
  '学生事务中心档案室（学生事务中心 1 楼）': 'Records Room (Student Affairs Centre, 1st floor)',
  '教务处教室管理科（行政楼 201 室）': 'Classroom Section, Office of Academic Affairs (Administration Building, room 201)',
  '计算机学院实验中心（信息楼 305 室）': 'Lab Centre, School of Computer Science (Information Building, room 305)',
  '教务处招生办公室（行政楼 206 室）': 'Admissions Office, Office of Academic Affairs (Administration Building, room 206)',
  '教务处综合科（行政楼 203 室）': 'General Section, Office of Academic Affairs (Administration Building, room 203)',
  '教务处学籍科（行政楼 202 室）': 'Registry, Office of Academic Affairs (Administration Building, room 202)',
  '教务处教学运行科（行政楼 204 室）': 'Teaching Operations, Office of Academic Affairs (Administration Building, room 204)',
  '师生综合服务中心（行政楼 1 楼）或各自助打印终端': 'Service Centre (Administration Building, 1st floor) or any self-service printer',
  '图书馆总服务台（图书馆 1 楼）': 'Library main desk (Library, 1st floor)',
  '人事档案室（行政楼 110 室）': 'Personnel Records Room (Administration Building, room 110)',
  '财务处报账大厅（行政楼 1 楼东侧）': 'Claims Hall, Finance Office (Administration Building, 1st floor east)',
  '财务处薪酬科（行政楼 1 楼 108 室）': 'Payroll, Finance Office (Administration Building, room 108)',
  '财务处科研经费科（行政楼 1 楼 112 室）': 'Research Funds, Finance Office (Administration Building, room 112)',
  '计算机学院科研办公室（信息楼 210 室）': 'Research Office, School of Computer Science (Information Building, room 210)',
  '信息化中心（图书馆 6 楼）': 'IT Centre (Library, 6th floor)',
  '信息化中心服务台（图书馆 1 楼）': 'IT Centre service desk (Library, 1st floor)',
  '后勤服务中心（东区 1 号楼 1 楼）': 'Campus Services Centre (East campus, building 1, 1st floor)',
  '一卡通服务中心（学生事务中心 1 楼）': 'Campus Card Centre (Student Affairs Centre, 1st floor)',
  '校医院（南区医疗楼）': 'Campus clinic (South campus, medical building)',
  // fees
  [FREE]: 'Free of charge', '每份 2 元（每学年前 5 份免费）': '2 yuan a copy (the first 5 each year free)', '逾期每册每日 0.1 元': '0.1 yuan a book a day when overdue',
  '基本流量免费': 'Basic traffic free', '人为损坏按价赔偿，其余免费': 'Free, except damage caused by the user', '补办每张 20 元': '20 yuan a replacement card',
  '按医保规定': 'As medical insurance provides',
  // bases
  '《示范大学学生请假管理办法》（示大学〔2023〕12 号）': 'Demonstration University Student Leave Regulations (2023, No. 12)',
  '《示范大学学生安全管理规定》': 'Demonstration University Student Safety Regulations', '《示范大学学生社团管理办法》': 'Demonstration University Student Club Regulations',
  '《普通高等学校学生资助管理办法》': 'Measures for Student Financial Aid in Higher Education', '《干部人事档案工作条例》': 'Regulations on Personnel Files',
  '《示范大学教室使用管理规定》': 'Demonstration University Classroom Use Regulations', '《计算机学院实验室开放管理办法》': 'School of Computer Science Open Lab Rules',
  '《示范大学学术报告会管理办法》': 'Demonstration University Academic Lecture Rules', '《示范大学本科招生宣传工作办法》': 'Demonstration University Undergraduate Admissions Publicity Rules',
  '《示范大学公文处理办法》': 'Demonstration University Official Document Rules', '《示范大学本科生学籍管理规定》': 'Demonstration University Undergraduate Registry Regulations',
  '《示范大学教学运行管理规定》': 'Demonstration University Teaching Operations Regulations', '《示范大学学生证明材料出具办法》': 'Demonstration University Rules on Student Certificates',
  '《示范大学图书馆读者借阅规则》': 'Demonstration University Library Lending Rules', '《示范大学教职工考勤与请假管理办法》': 'Demonstration University Staff Attendance and Leave Rules',
  '《职工带薪年休假条例》': 'Regulations on Paid Annual Leave of Employees', '《示范大学差旅费管理办法》': 'Demonstration University Travel Expense Rules',
  '《示范大学印章使用管理办法》': 'Demonstration University Seal Use Rules', '《示范大学财务报销管理办法》': 'Demonstration University Expense Claim Rules',
  '《示范大学会议费管理办法》': 'Demonstration University Meeting Expense Rules', '《中华人民共和国个人所得税法》': 'Individual Income Tax Law of the PRC',
  '《示范大学会议室管理办法》': 'Demonstration University Meeting Room Rules', '《示范大学合同管理办法》': 'Demonstration University Contract Rules',
  '《党政机关公文处理工作条例》': 'Regulations on Official Documents of Party and Government Bodies', '《计算机学院院长办公会议事规则》': "School of Computer Science Dean's Meeting Rules",
  '《示范大学科研经费管理办法》': 'Demonstration University Research Fund Rules', '《示范大学横向科研项目管理办法》': 'Demonstration University Industry Research Project Rules',
  '《示范大学科研项目管理办法》': 'Demonstration University Research Project Rules', '《示范大学科研成果登记办法》': 'Demonstration University Research Output Registration Rules',
  '《示范大学信息化建设项目管理办法》': 'Demonstration University IT Project Rules', '《示范大学校园网管理办法》': 'Demonstration University Campus Network Rules',
  '《示范大学电子邮件系统管理办法》': 'Demonstration University E-mail Rules', '《示范大学软件正版化工作管理办法》': 'Demonstration University Licensed Software Rules',
  '《示范大学网络安全管理办法》': 'Demonstration University Network Security Rules', '《示范大学学生公寓管理规定》': 'Demonstration University Student Residence Regulations',
  '《示范大学校园卡管理办法》': 'Demonstration University Campus Card Rules', '《示范大学医疗保障管理办法》': 'Demonstration University Medical Care Rules',
  // contacts
  '王老师': 'Ms Wang', '赵老师': 'Ms Zhao', '刘老师': 'Mr Liu', '孙老师': 'Ms Sun', '李老师': 'Mr Li', '陈老师': 'Mr Chen', '周老师': 'Ms Zhou', '吴老师': 'Mr Wu',
  '郑老师': 'Ms Zheng', '钱老师': 'Mr Qian', '图书馆服务台': 'Library desk', '信息化中心': 'IT Centre', '后勤服务热线': 'Campus services hotline',
  '一卡通服务中心': 'Campus Card Centre', '校医院': 'Campus clinic',
};

/** A shared phrase in English; a phrase without one is a mistake in this file. */
function phraseEn(zh: string): string {
  const en = PHRASE_EN[zh];
  if (!en) throw new Error(`demo portal: no English for ${zh}`);
  return en;
}

/** Each service's summary and guide in English, by its name. */
const SERVICE_EN: Record<string, [summary: string, introduce: string]> = {
  学生请假: ['Leave for personal or health reasons, approved by the counsellor; leave of more than 3 days also by the dean.',
    'Students who must leave the university or miss classes, exams or other teaching for personal or health reasons apply for leave beforehand. Up to 3 days the counsellor approves; longer leave is checked by the counsellor and approved by the dean. Report back when you return.'],
  学生病假申请: ['Sick leave for students who cannot attend classes, with a medical certificate.',
    'Students who need rest or hospital care apply for sick leave with a certificate from the campus clinic or a hospital of level two or above, choosing "Sick leave" as the kind of leave.'],
  假期离校登记: ['Register where you go and when you return before the winter, summer and long holidays; open only in the registration period.',
    'To know where students are and keep them safe, students register their departure date, destination and return date within the registration period before each winter, summer or national holiday. Choose "Personal leave" and give the destination and a contact in the reason.'],
  社团活动场地预约: ['Book meeting rooms and lecture halls for student club activities online.',
    'Registered student clubs needing a venue for talks, rehearsals or meetings book it online at least 3 working days ahead, giving the activity, the number of people and the advising teacher.'],
  奖助学金申请: ['Apply for national, inspirational and university scholarships and grants, and see the results.',
    'Scholarships and grants are reviewed each autumn semester. Students apply and upload their documents in the student affairs system; after class and school review and the university check, the results are published.'],
  毕业生档案转递: ["Register where a graduate's personnel file is to be sent and track the confidential post.",
    'Before leaving, graduates register where their file goes (employer, talent service agency or home region); the university sends it by confidential post, trackable by its number.'],
  教室借用: ['Book a classroom for study, talks or exams outside the timetable.',
    'Staff and students needing a classroom outside timetabled hours for study, talks or exams apply online at least 3 working days ahead, choosing a venue of the meeting room list with the time and purpose.'],
  计算机学院实验室预约: ['Book the labs and seminar rooms of the School of Computer Science (its staff and students only).',
    'Staff and students (and classes) of the School of Computer Science book its labs and seminar rooms for course experiments, contest training and project work. Others use "Classroom booking".'],
  学术报告厅预约: ['Book the lecture hall for academic talks, within office hours on working days.',
    'The host of an academic talk books the lecture hall within office hours, giving the speaker, the subject and the expected audience.'],
  开放日场地预约: ['Book stands and rooms for the campus open day, on the open day only.',
    "On the campus open days each school books lecture halls and meeting rooms for admissions talks and programme showcases. Bookings are taken on the open day only."],
  教学文件会签: ['Countersigning of teaching documents such as programme plans by several offices.',
    'Teaching documents involving several offices (programme revisions, teaching plan changes, course changes) are countersigned: the drafting office starts it, the leaders sign at the same time, and the office files it once all agree.'],
  成绩查询: ['See your grades, GPA and credits of every semester.',
    'Students see their grades of every semester, their grade point average and the credits completed in the academic system. A grade may be reviewed on request within 10 working days of its publication.'],
  课表查询: ['See personal, classroom and teacher timetables.',
    "Staff and students see this semester's personal timetable, any classroom's bookings and teachers' classes, and can export them to a phone calendar."],
  成绩单与在读证明打印: ['Print transcripts and enrolment certificates in Chinese or English yourself, or get them at the desk.',
    'Students apply online and print Chinese or English transcripts, enrolment and registry certificates with an electronic seal at any self-service terminal; stamped paper copies are issued at the Service Centre desk.'],
  图书借阅与清还: ['Renew and reserve books, settle overdue fines and get the clearance certificate before leaving.',
    'Readers see their loans, renew and reserve books online. Before graduating or leaving, all books are returned and fines paid; the system then issues the clearance certificate.'],
  教职工请假: ['Personal, sick, marriage, maternity and other leave of staff, approved by the dean.',
    'Staff apply online before their leave, choosing its kind from the leave type list; the dean approves. Classes falling in the leave are rearranged or covered first.'],
  年休假申请: ['Paid annual leave for eligible staff.',
    'Staff with 12 months of continuous service have paid annual leave, usually taken in the vacations; annual leave outside them is applied for a week ahead, choosing "Annual leave".'],
  因公外出登记: ['Register and approve business trips to conferences, training or visits.',
    'Staff register business trips before leaving, choosing "Official leave" and giving the reason, place and dates; the approval is used for the travel expense claim afterwards.'],
  在职证明开具: ['Certificates of employment or income with the university seal.',
    'Staff needing a certificate of employment or income (for a visa or a loan) submit a seal request online choosing "University seal"; once approved they collect it at the College Office.'],
  人事档案查阅: ['Book a consultation of personnel files, on site at the records room.',
    'To consult a personnel file for title review or vetting, the unit books a time in the HR system and consults it at the records room with a letter from the unit and a staff card. Files are not lent out.'],
  费用报销: ['Expense claims online: items add up; under 5000 yuan finance checks, 5000 yuan or more the dean approves first.',
    'Staff enter each item of their expenses online and the total is added up: under 5000 yuan the Finance Office checks it; 5000 yuan or more is approved by the dean first. Hand in the paper receipts within three working days of approval.'],
  差旅费报销: ['Claims for transport, hotels and allowances of business trips.',
    'Claim within 30 days of returning, choosing "Travel": enter transport and hotel costs; meal and local transport allowances follow the standard rates.'],
  办公用品报销: ['Claims for office supplies, taken from the 1st to the 25th of each month.',
    "Office supplies bought by a department are claimed from the 1st to the 25th of each month (the month's end is for closing the books), choosing \"Office supplies\" with the purchase list."],
  会议费报销: ['Claims for academic and working meetings.',
    'Meeting costs are claimed with the meeting notice, the attendance list and the itemised costs, choosing "Meetings"; the university\'s meeting cost standards apply.'],
  工资与个税查询: ['See monthly payslips, allowances and income tax withheld.',
    'Staff see their monthly payslips, allowances and the income tax withheld in the finance system, and can print an income certificate.'],
  会议室预约: ['Book meeting rooms, the school lecture hall and library seminar rooms online.',
    'Staff and students book meeting rooms 301 and 502 of the Administration Building, the School of Computer Science lecture hall and the library seminar rooms online with the date and times; the office approves.'],
  学校公章用印: ['Requests to stamp the university, school or party committee seal.',
    'Offices needing a seal submit a request online with the reason, copies and the document; once approved they bring the paper document to the office to be sealed. Heads of office can be copied.'],
  合同用印: ['The contract seal for purchase, service and partnership contracts.',
    'Contracts signed in the name of the university are checked by the business office and legal review, then a seal request is submitted choosing "Contract seal".'],
  公文会签: ['Documents of several offices countersigned by their leaders at once, then filed.',
    'The drafting office chooses the signing leaders (the dean and the head of finance by default) and starts the countersign; each leader has a task, and the office files the document once all agree.'],
  院长办公会议题会签: ["Items for the dean's meeting, countersigned from the dean's post.",
    "Items for the dean's meeting are started from the dean's post; once the leaders concerned have signed, they go on the agenda and the office files them."],
  科研经费报销: ['Claims on government and industry research project funds.',
    'Research funds are claimed under the budget items of the project, with the project number in the claim; equipment and labour costs need their approvals attached.'],
  科研合同用印: ['Seals for industry research and technical service contracts.',
    'Project leaders signing industry research, development or service contracts submit a seal request, choosing "Contract seal", after the research office has reviewed them.'],
  科研项目申报会签: ['Proposals for government research projects countersigned by the school and offices.',
    'Proposals for national, provincial or ministerial projects are countersigned by the school, finance and other offices to confirm matching support and the budget before submission.'],
  科研管理系统: ['Register and look up projects, publications, patents and academic activities.',
    'Staff register projects, papers, patents and other outputs in the research system; they count in the yearly review and title promotion.'],
  信息系统建设项目会签: ['Countersigning of new or upgraded information systems of the offices.',
    'An office building or upgrading an information system submits its plan, countersigned by the IT Centre, finance and others, so that single sign-on, data standards and security requirements are met.'],
  校园网账号开通: ['Open the campus network and Wi-Fi account, change the password and see your usage.',
    'New students and staff open their campus network account with their campus account in the self-service system; wired and wireless networks work at once.'],
  电子邮箱申请: ['University e-mail: personal and shared office mailboxes.',
    'Staff and students apply for a personal @example.edu.cn mailbox; shared office mailboxes are applied for by the head of the office.'],
  正版软件下载: ['Download licensed operating systems, office suites and antivirus software.',
    'Software licensed by the university (operating systems, office suites, antivirus) is downloaded and activated on the campus network by staff and students.'],
  'VPN 远程访问': ['Reach library databases and campus systems from off campus.',
    'Off campus, the VPN reaches the library e-resources and campus systems; sign-in takes the campus account and a text message code.'],
  宿舍报修: ['Report faults of water, power, doors, windows or furniture in the residences and follow the repair.',
    'Faults of water, power, doors, windows, furniture or air conditioning in student residences are reported online with the room number, the fault and photos; rate the repair when it is done.'],
  校园卡办理与挂失: ['Report a lost campus card, unblock, replace, top up or close it on leaving.',
    'Report a lost card online at once; a replacement is issued in person with valid ID at the Campus Card Centre. Close the card and get the balance back before leaving.'],
  校医院预约挂号: ['Book campus clinic appointments and health checks and see the reports.',
    'Staff and students book clinic appointments by department; freshman and yearly staff health checks are booked here too, with their reports online.'],
};

/** The English of a service's guide (summary, guide, time limit, office, fee, basis, contact). */
export function serviceEn(s: DemoService): Record<string, string> {
  const own = SERVICE_EN[s.name];
  if (!own) throw new Error(`demo portal: no English for the service ${s.name}`);
  return {
    summaryEn: own[0], introduceEn: own[1], timeLimitEn: phraseEn(s.timeLimit), handleAddressEn: phraseEn(s.office), feeEn: phraseEn(s.fee),
    basisEn: phraseEn(s.basis), contactPersonEn: phraseEn(s.contact[0]),
  };
}

/** The day's and the year's windows, from the day the portal is made (server local time, as the check reads it). */
function windows(now: Date): Record<NonNullable<DemoService['validity']>, Record<string, string | number | null>> {
  const day = (n: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + n);
  const two = (n: number) => String(n).padStart(2, '0');
  const mmdd = (d: Date) => `${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  const ymd = (d: Date) => `${d.getFullYear()}-${mmdd(d)}`;
  return {
    daily: { validityMode: 2, validityStart: '08:00', validityEnd: '17:30', validityDates: null },
    monthly: { validityMode: 4, validityStart: '1', validityEnd: '25', validityDates: null },
    // the registration period before the next holiday: opens in six weeks, so not today
    yearly: { validityMode: 5, validityStart: mmdd(day(40)), validityEnd: mmdd(day(75)), validityDates: null },
    // the open days: two and three weeks ahead
    dates: { validityMode: 6, validityStart: null, validityEnd: null, validityDates: [day(14), day(15), day(21)].map(ymd).join(',') },
  };
}

const SPECIALS: { key: SpecialKey; name: string; nameEn: string; icon: string; image: string; description: string; descriptionEn: string; columns: [string, string, string[]][] }[] = [
  {
    key: 'community', name: '一站式学生社区', nameEn: 'One-stop student community', icon: 'HomeOutlined', image: 'portal-special-community.svg',
    description: '学习、生活和事务办理，学生常用的服务集中在这里。',
    descriptionEn: 'Study, campus life and affairs: the services students use most, in one place.',
    columns: [
      ['学习服务', 'Study', ['成绩查询', '课表查询', '教室借用', '图书借阅与清还']],
      ['生活服务', 'Campus life', ['宿舍报修', '校园卡办理与挂失', '校医院预约挂号', '社团活动场地预约']],
      ['事务办理', 'Affairs', ['学生请假', '学生病假申请', '假期离校登记', '奖助学金申请']],
    ],
  },
  {
    key: 'staffHome', name: '教职工之家', nameEn: 'Staff home', icon: 'CoffeeOutlined', image: 'portal-special-staff.svg',
    description: '请假休假、证明开具和财务报销，教职工办事一站直达。',
    descriptionEn: 'Leave, certificates and claims: what staff handle, in one stop.',
    columns: [
      ['请假与证明', 'Leave and certificates', ['教职工请假', '年休假申请', '因公外出登记', '在职证明开具']],
      ['财务报销', 'Claims', ['费用报销', '差旅费报销', '办公用品报销', '会议费报销', '工资与个税查询']],
    ],
  },
  {
    key: 'digital', name: '数字校园', nameEn: 'Digital campus', icon: 'CloudOutlined', image: 'portal-special-tech.svg',
    description: '账号、网络、软件与信息化项目。',
    descriptionEn: 'Accounts, network, software and IT projects.',
    columns: [
      ['账号与网络', 'Accounts and network', ['校园网账号开通', '电子邮箱申请', 'VPN 远程访问']],
      ['软件与项目', 'Software and projects', ['正版软件下载', '信息系统建设项目会签']],
    ],
  },
];

const PACKAGES: { name: string; nameEn: string; icon: string; image: string; description: string; descriptionEn: string; services: string[] }[] = [
  { name: '新生入学一件事', nameEn: 'Starting as a freshman, one stop', icon: 'RocketOutlined', image: 'portal-package-freshman.svg', description: '报到后一次办好：校园网、邮箱、校园卡、课表、入学体检和奖助申请。', descriptionEn: 'All at once after registering: network, e-mail, campus card, timetable, health check and financial aid.', services: ['校园网账号开通', '电子邮箱申请', '校园卡办理与挂失', '课表查询', '校医院预约挂号', '奖助学金申请'] },
  { name: '毕业离校一件事', nameEn: 'Leaving as a graduate, one stop', icon: 'TrophyOutlined', image: 'portal-package-graduate.svg', description: '离校手续一次办好：成绩单、档案转递、图书清还和校园卡注销。', descriptionEn: 'Leaving formalities at once: transcripts, file transfer, library clearance and closing the campus card.', services: ['成绩单与在读证明打印', '毕业生档案转递', '图书借阅与清还', '校园卡办理与挂失'] },
  { name: '教职工入职一件事', nameEn: 'Joining the staff, one stop', icon: 'IdcardOutlined', image: 'portal-package-staff.svg', description: '新入职教职工的账号、网络、软件和证明。', descriptionEn: 'Accounts, network, software and certificates for new staff.', services: ['校园网账号开通', '电子邮箱申请', 'VPN 远程访问', '正版软件下载', '在职证明开具'] },
];

const RECOMMENDS: [string, string][] = [
  ['学生请假', '全程网上办，辅导员手机即可审批'],
  ['费用报销', '明细自动合计，报销进度随时可查'],
  ['会议室预约', '四间会议室在线预约，办公室一站审批'],
  ['教职工请假', '请假类型齐全，院长在线审批'],
  ['校园网账号开通', '新生、新教职工报到第一件事'],
  ['宿舍报修', '24 小时内上门，维修进度可追踪'],
];

const DEPTS: { dept: DeptName; nameEn: string; icon: string; description: string; descriptionEn: string; phone: string; address: string }[] = [
  { dept: '教务处', nameEn: 'Office of Academic Affairs', icon: 'ReadOutlined', description: '教学运行、学籍成绩、教室与考试管理。', descriptionEn: 'Teaching, the registry and grades, classrooms and exams.', phone: '010-62751201', address: '行政楼 2 楼' },
  { dept: '学院办公室', nameEn: 'College Office', icon: 'AuditOutlined', description: '人事、会议、用印、公文与后勤协调。', descriptionEn: 'Personnel, meetings, seals, documents and campus services.', phone: '010-62751305', address: '行政楼 305 室' },
  { dept: '财务处', nameEn: 'Finance Office', icon: 'AccountBookOutlined', description: '经费报销、薪酬发放与财务咨询。', descriptionEn: 'Claims, pay and financial advice.', phone: '010-62751150', address: '行政楼 1 楼东侧' },
  { dept: '计算机学院', nameEn: 'School of Computer Science', icon: 'DesktopOutlined', description: '学生工作、实验室与科研管理。', descriptionEn: 'Student affairs, labs and research.', phone: '010-62751108', address: '信息楼' },
  { dept: '信息化中心', nameEn: 'Information Technology Centre', icon: 'CloudServerOutlined', description: '校园网、邮箱、正版软件与信息系统建设。', descriptionEn: 'Network, e-mail, licensed software and information systems.', phone: '010-62751600', address: '图书馆 6 楼' },
];

/** 直通车: group (zh, en), name (zh, en), icon, colour, address (open in a new window unless it is of this site). */
const TRAINS: [string, string, string, string, string, string, string][] = [
  ['教学', 'Teaching', '教务系统', 'Academic system', 'ReadOutlined', '#1677ff', 'https://jwxt.example.edu.cn'],
  ['教学', 'Teaching', '在线学习平台', 'Online learning', 'PlayCircleOutlined', '#13c2c2', 'https://mooc.example.edu.cn'],
  ['教学', 'Teaching', '图书馆', 'Library', 'BookOutlined', '#722ed1', 'https://lib.example.edu.cn'],
  ['教学', 'Teaching', '考试报名', 'Exam registration', 'FormOutlined', '#fa541c', 'https://exam.example.edu.cn'],
  ['生活', 'Campus life', '一卡通服务', 'Campus card', 'CreditCardOutlined', '#fa8c16', 'https://card.example.edu.cn'],
  ['生活', 'Campus life', '校园网自助', 'Network self-service', 'WifiOutlined', '#2f54eb', 'https://self.example.edu.cn'],
  ['生活', 'Campus life', '后勤报修', 'Repairs', 'ToolOutlined', '#52c41a', 'https://repair.example.edu.cn'],
  ['生活', 'Campus life', '校医院', 'Campus clinic', 'MedicineBoxOutlined', '#eb2f96', 'https://hospital.example.edu.cn'],
  ['办公', 'Office', '电子邮箱', 'E-mail', 'MailOutlined', '#1677ff', 'https://mail.example.edu.cn'],
  ['办公', 'Office', '财务系统', 'Finance system', 'AccountBookOutlined', '#faad14', 'https://cw.example.edu.cn'],
  ['办公', 'Office', '应用中心', 'App center', 'AppstoreOutlined', '#13a8a8', '/portal/webapp/appCenter'],
  ['办公', 'Office', '办事中心', 'Transaction centre', 'SolutionOutlined', '#cf1322', '/portal/transaction/center'],
];

/** 快捷入口: name (zh, en), icon, colour, a service (by name) or an address of this site. */
const SHORTCUTS: [string, string, string, string, { service: string } | { url: string }][] = [
  ['学生请假', 'Student leave', 'FileTextOutlined', '#13a8a8', { service: '学生请假' }],
  ['会议室预约', 'Book a room', 'TeamOutlined', '#cf1322', { service: '会议室预约' }],
  ['费用报销', 'Expense claims', 'MoneyCollectOutlined', '#fa8c16', { service: '费用报销' }],
  ['宿舍报修', 'Repairs', 'ToolOutlined', '#52c41a', { service: '宿舍报修' }],
  ['待办中心', 'To-do centre', 'CheckSquareOutlined', '#1677ff', { url: '/portal/todo/center/todoRally' }],
  ['应用中心', 'App center', 'AppstoreOutlined', '#722ed1', { url: '/portal/webapp/appCenter' }],
  ['个人数据', 'My data', 'ProfileOutlined', '#2f54eb', { url: '/portal/data/center' }],
  ['服务大厅', 'Service hall', 'ShopOutlined', '#eb2f96', { url: '/portal/hall' }],
];

const SLIDES: Record<keyof typeof PORTAL_SLIDESHOWS, { typeName: string; interval: number; slides: { title: string; titleEn: string; subtitle: string; subtitleEn: string; image: string; link: string | { service: string } }[] }> = {
  hero: {
    typeName: '首页轮播', interval: 5000,
    slides: [
      { title: '智慧校园服务大厅全新上线', titleEn: 'The Smart Campus Service Hall is open', subtitle: '教务、学工、人事、财务、后勤、信息化、科研服务一网通办', subtitleEn: 'Academic, student, staff, finance, campus, IT and research services in one place', image: 'portal-hero-campus.svg', link: '/portal/hall' },
      { title: '学生请假 掌上办理', titleEn: 'Student leave, from your phone', subtitle: '在线提交，辅导员审批，进度实时可查', subtitleEn: 'Apply online, the counsellor approves, follow it as it moves', image: 'portal-hero-digital.svg', link: { service: '学生请假' } },
      { title: '新生入学一件事', titleEn: 'Starting as a freshman, one stop', subtitle: '校园网、邮箱、校园卡、入学体检一次办好', subtitleEn: 'Network, e-mail, campus card and health check in one go', image: 'portal-hero-green.svg', link: '/portal/hall' },
      { title: '书香校园 悦读启智', titleEn: 'A campus of books', subtitle: '图书续借、预约与离校清还，在线即可办理', subtitleEn: 'Renew, reserve and clear your loans online', image: 'portal-hero-library.svg', link: { service: '图书借阅与清还' } },
    ],
  },
  hall: {
    typeName: '服务大厅横幅', interval: 4000,
    slides: [
      { title: '网上办事 最多跑一次', titleEn: 'Handle it online, at most one trip', subtitle: '服务指南、申请材料、办理流程一目了然', subtitleEn: 'Guides, materials and steps at a glance', image: 'portal-hall-online.svg', link: '/portal/hall' },
      { title: '“一件事”套餐服务', titleEn: '"One thing" packages', subtitle: '入学、毕业、入职，关联事项一次办好', subtitleEn: 'Starting, graduating, joining: related services together', image: 'portal-hall-package.svg', link: '/portal/hall' },
      { title: '待办中心 统一处理', titleEn: 'One to-do centre', subtitle: '待办、已办、我发起的、抄送我的集中查看', subtitleEn: 'To-do, done, started by me and copied to me in one place', image: 'portal-hall-todo.svg', link: '/portal/todo/center/todoRally' },
    ],
  },
};

/** 楼层: type 1 service columns, 2 precincts, 3 news, 4 links. */
const FLOORS: { name: string; nameEn: string; subtitle: string; subtitleEn: string; floorType: 1 | 2 | 3 | 4; moreUrl?: string }[] = [
  { name: '师生常用服务', nameEn: 'Everyday services', subtitle: '学生、教职工最常办理的事项', subtitleEn: 'What students and staff handle most', floorType: 1, moreUrl: '/portal/hall' },
  { name: '主题专区', nameEn: 'Themed areas', subtitle: '迎新、毕业与教职工专区', subtitleEn: 'Welcome, graduation and staff areas', floorType: 2 },
  { name: '通知公告', nameEn: 'News and notices', subtitle: '学校通知、公告与校园新闻', subtitleEn: 'Notices, announcements and campus news', floorType: 3 },
  { name: '常用链接', nameEn: 'Useful links', subtitle: '学校各业务系统入口', subtitleEn: "The university's other systems", floorType: 4 },
];
const COLUMNS: { name: string; nameEn: string; icon: string; services: string[] }[] = [
  { name: '学生服务', nameEn: 'For students', icon: 'TeamOutlined', services: ['学生请假', '学生病假申请', '成绩查询', '课表查询', '教室借用', '奖助学金申请', '宿舍报修', '社团活动场地预约'] },
  { name: '教职工服务', nameEn: 'For staff', icon: 'IdcardOutlined', services: ['教职工请假', '费用报销', '差旅费报销', '会议室预约', '学校公章用印', '公文会签', '工资与个税查询', '在职证明开具'] },
  { name: '公共服务', nameEn: 'For everyone', icon: 'GlobalOutlined', services: ['校园网账号开通', '电子邮箱申请', '校园卡办理与挂失', '校医院预约挂号', '图书借阅与清还', '正版软件下载', 'VPN 远程访问', '成绩单与在读证明打印'] },
];
const NEWS: { name: string; nameEn: string; category: string | null; url?: string }[] = [
  { name: '通知', nameEn: 'Notices', category: '1' },
  { name: '公告', nameEn: 'Announcements', category: '2' },
  { name: '校园新闻', nameEn: 'Campus news', category: '3' },
  { name: '学校新闻网', nameEn: 'University news site', category: null, url: 'https://news.example.edu.cn' },
];
const PRECINCTS: { name: string; nameEn: string; icon: string; image: string; description: string; descriptionEn: string; services: string[] }[] = [
  { name: '迎新专区', nameEn: 'Welcome area', icon: 'SmileOutlined', image: 'portal-precinct-welcome.svg', description: '新生报到后的第一批事项：开通账号、办理校园卡、预约体检。', descriptionEn: 'The first things after registering: accounts, the campus card, the health check.', services: ['校园网账号开通', '电子邮箱申请', '校园卡办理与挂失', '校医院预约挂号', '课表查询', '奖助学金申请'] },
  { name: '毕业专区', nameEn: 'Graduation area', icon: 'TrophyOutlined', image: 'portal-precinct-graduate.svg', description: '离校前的手续：成绩单、档案、图书清还、校园卡注销。', descriptionEn: 'Before leaving: transcripts, files, library clearance, closing the campus card.', services: ['成绩单与在读证明打印', '毕业生档案转递', '图书借阅与清还', '校园卡办理与挂失', '假期离校登记'] },
  { name: '教职工专区', nameEn: 'Staff area', icon: 'IdcardOutlined', image: 'portal-precinct-staff.svg', description: '请假、报销、用印与会签。', descriptionEn: 'Leave, claims, seals and countersigning.', services: ['教职工请假', '年休假申请', '费用报销', '学校公章用印', '公文会签', '会议室预约'] },
];

/** 网址: group, name (zh, en), address, icon. */
const URLS: ['footer' | 'friend' | 'floor', string, string, string, string][] = [
  ['footer', '学校官网', 'University website', 'https://www.example.edu.cn', 'GlobalOutlined'],
  ['footer', '信息公开', 'Public information', 'https://xxgk.example.edu.cn', 'FileSearchOutlined'],
  ['footer', '校园地图', 'Campus map', 'https://map.example.edu.cn', 'EnvironmentOutlined'],
  ['friend', '中华人民共和国教育部', 'Ministry of Education', 'http://www.moe.gov.cn', 'BankOutlined'],
  ['friend', '中国高等教育学生信息网', 'CHSI', 'https://www.chsi.com.cn', 'SafetyCertificateOutlined'],
  ['friend', '国家智慧教育公共服务平台', 'National Smart Education Platform', 'https://www.smartedu.cn', 'ReadOutlined'],
  ['friend', '中国教育和科研计算机网', 'CERNET', 'https://www.edu.cn', 'ClusterOutlined'],
  ['floor', '图书馆', 'Library', 'https://lib.example.edu.cn', 'BookOutlined'],
  ['floor', '教务系统', 'Academic system', 'https://jwxt.example.edu.cn', 'ReadOutlined'],
  ['floor', '在线学习平台', 'Online learning', 'https://mooc.example.edu.cn', 'PlayCircleOutlined'],
  ['floor', '财务系统', 'Finance system', 'https://cw.example.edu.cn', 'AccountBookOutlined'],
  ['floor', '电子邮箱', 'E-mail', 'https://mail.example.edu.cn', 'MailOutlined'],
  ['floor', '一卡通服务', 'Campus card', 'https://card.example.edu.cn', 'CreditCardOutlined'],
  ['floor', '校园网自助', 'Network self-service', 'https://self.example.edu.cn', 'WifiOutlined'],
  ['floor', '校医院', 'Campus clinic', 'https://hospital.example.edu.cn', 'MedicineBoxOutlined'],
  ['floor', '就业信息网', 'Careers', 'https://job.example.edu.cn', 'SolutionOutlined'],
  ['floor', '校友会', 'Alumni', 'https://alumni.example.edu.cn', 'TeamOutlined'],
];

const APHORISMS: [string, string, string][] = [
  ['博学之，审问之，慎思之，明辨之，笃行之。', 'Study widely, inquire closely, think carefully, judge clearly and practise earnestly.', '《礼记·中庸》'],
  ['学而不思则罔，思而不学则殆。', 'Learning without thought is labour lost; thought without learning is perilous.', '《论语》'],
  ['路漫漫其修远兮，吾将上下而求索。', 'The road ahead is long and far; high and low I will search.', '屈原《离骚》'],
  ['千里之行，始于足下。', 'A journey of a thousand miles begins with a single step.', '《老子》'],
  ['不积跬步，无以至千里；不积小流，无以成江海。', 'Without small steps there is no journey of a thousand miles; without small streams there is no river or sea.', '荀子《劝学》'],
  ['三人行，必有我师焉。', 'When three walk together, one of them can be my teacher.', '《论语》'],
  ['业精于勤，荒于嬉；行成于思，毁于随。', 'Mastery comes from diligence and is lost in idleness; deeds succeed by thought and fail by carelessness.', '韩愈《进学解》'],
  ['读书破万卷，下笔如有神。', 'Read ten thousand books, and your pen will write as if inspired.', '杜甫'],
  ['天行健，君子以自强不息。', 'As heaven keeps its vigour, the gentleman never ceases to strengthen himself.', '《周易》'],
  ['知之者不如好之者，好之者不如乐之者。', 'Knowing it is not as good as loving it; loving it is not as good as delighting in it.', '《论语》'],
  ['纸上得来终觉浅，绝知此事要躬行。', 'What is learnt from books is shallow in the end; to truly know a thing, you must do it.', '陆游《冬夜读书示子聿》'],
  ['少年易老学难成，一寸光阴不可轻。', 'Youth passes quickly and learning is slow; do not waste a moment.', '朱熹《劝学诗》'],
];

/** 个人数据分类 (the personal data centre's categories): each a designed form, entries checked against it. */
const PERSONAL_CATEGORIES: { name: string; nameEn: string; icon: string; multiple: 0 | 1; column: Record<string, unknown>[] }[] = [
  {
    name: '获奖情况', nameEn: 'Awards', icon: 'TrophyOutlined', multiple: 1, column: [
      { type: 'input', prop: 'name', label: '奖项名称', required: true, maxlength: 100, span: 24 },
      {
        type: 'select', prop: 'level', label: '获奖级别', required: true, span: 12,
        dicData: [{ label: '国家级', value: 'national' }, { label: '省部级', value: 'province' }, { label: '市级', value: 'city' }, { label: '校级', value: 'school' }, { label: '院级', value: 'college' }],
      },
      { type: 'date', prop: 'date', label: '获奖日期', required: true, span: 12 },
    ],
  },
  {
    name: '证书资质', nameEn: 'Certificates', icon: 'SafetyCertificateOutlined', multiple: 1, column: [
      { type: 'input', prop: 'name', label: '证书名称', required: true, maxlength: 100, span: 12 },
      { type: 'input', prop: 'number', label: '证书编号', maxlength: 64, span: 12 },
      { type: 'input', prop: 'issuer', label: '发证机构', maxlength: 100, span: 12 },
      { type: 'date', prop: 'date', label: '发证日期', span: 12 },
    ],
  },
];

/** 顶部菜单: name (zh, en), address, icon, children; an http(s) address opens outside in a new window. */
const MENUS: { name: string; nameEn: string; url: string; icon: string; children?: [string, string, string][] }[] = [
  { name: '首页', nameEn: 'Home', url: '/portal/index', icon: 'HomeOutlined' },
  { name: '服务大厅', nameEn: 'Service hall', url: '/portal/hall', icon: 'ShopOutlined' },
  { name: '办事中心', nameEn: 'Transactions', url: '/portal/transaction/center', icon: 'SolutionOutlined', children: [
    ['办事中心', 'Transaction centre', '/portal/transaction/center'], ['工作台', 'Workbench', '/portal/work/center'], ['个人数据', 'My data', '/portal/data/center'], ['应用中心', 'App center', '/portal/webapp/appCenter'],
  ] },
  { name: '待办中心', nameEn: 'To-do centre', url: '/portal/todo/center/todoRally', icon: 'CheckSquareOutlined', children: [
    ['我的待办', 'To do', '/portal/todo/center/todoRally'], ['我的已办', 'Done', '/portal/todo/center/doneRally'], ['我发起的', 'Started by me', '/portal/todo/center/sendRally'], ['抄送我的', 'Copied to me', '/portal/todo/center/copyRally'],
  ] },
  { name: '特色服务', nameEn: 'Special services', url: '/portal/special/service', icon: 'StarOutlined' },
  { name: '直通车', nameEn: 'Quick links', url: '/portal/through/train', icon: 'ThunderboltOutlined' },
  { name: '学校官网', nameEn: 'University website', url: 'https://www.example.edu.cn', icon: 'GlobalOutlined' },
];

const q = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
type Node = { id: string; children?: Node[]; [k: string]: unknown };
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const isSite = (url: string) => url.startsWith('/');

interface Ctx {
  call: Call;
  /** uploads a picture of PORTAL_ART (once: a later start finds it by its file name) and answers its link */
  picture: (file: string) => Promise<string>;
  roleId: Map<string, string>;
  deptId: Map<string, string>;
  postId: Map<string, string>;
  now: Date;
}

/** Every row of a management list (the demo's lists are small: one page). */
async function all(call: Call, entity: string, params: Record<string, string> = {}): Promise<Node[]> {
  return (await call<{ records: Node[] }>('GET', `${B}/${entity}/list?${q({ size: 200, ...params })}`)).records;
}

/** The row `have` holds, else a new one through the entity's submit. */
async function ensure(call: Call, entity: string, have: Node | undefined, body: Record<string, unknown>): Promise<Node> {
  return have ?? call<Node>('POST', `${B}/${entity}/submit`, body);
}

/** The services (made here) by name → id; a missing one is a mistake in this file. */
function idsOf(services: Map<string, string>, names: string[]): string {
  return names.map((n) => {
    const id = services.get(n);
    if (!id) throw new Error(`demo portal: no service named ${n}`);
    return id;
  }).join(',');
}

/** Makes what is missing of the demo portal. */
async function build(c: Ctx): Promise<void> {
  const { call } = c;

  // ---- categories ----
  const cats = await all(call, 'serviceCategory');
  const categoryId = new Map<CategoryKey, string>();
  for (const [i, k] of CATEGORIES.entries()) {
    const row = await ensure(call, 'serviceCategory', cats.find((x) => x.name === k.name), { name: k.name, nameEn: k.nameEn, icon: k.icon, color: k.color, description: k.description, descriptionEn: k.descriptionEn, sort: i + 1, status: 1 });
    categoryId.set(k.key, String(row.id));
  }

  // ---- special services (services name theirs) ----
  const specials = await all(call, 'specialService');
  const specialId = new Map<SpecialKey, string>();
  for (const [i, s] of SPECIALS.entries()) {
    const have = specials.find((x) => x.name === s.name);
    const row = have ?? await call<Node>('POST', `${B}/specialService/submit`, { name: s.name, nameEn: s.nameEn, icon: s.icon, imageUrl: await c.picture(s.image), description: s.description, descriptionEn: s.descriptionEn, sort: i + 1, status: 1 });
    specialId.set(s.key, String(row.id));
  }

  // ---- services, with their guides ----
  const win = windows(c.now);
  const serviceId = new Map<string, string>();
  for (const r of await all(call, 'serviceManage')) serviceId.set(String(r.name), String(r.id));
  const list = (names: string[] | undefined, map: Map<string, string>, what: string) => (names ?? []).map((n) => {
    const id = map.get(n);
    if (!id) throw new Error(`demo portal: the campus has no ${what} ${n}`);
    return id;
  }).join(',');
  for (const [i, s] of SERVICES.entries()) {
    if (serviceId.has(s.name)) continue;
    const { serviceCode } = await call<{ serviceCode: string }>('GET', `${B}/serviceManage/getRandomId`);
    const body = {
      serviceCode, name: s.name, nameEn: s.nameEn, categoryId: categoryId.get(s.category), deptId: c.deptId.get(s.dept),
      specialServiceId: s.special ? specialId.get(s.special) : null,
      itemWay: s.process ? 1 : 2, itemHandle: s.process ?? null, itemUrl: s.url ?? null,
      // a process opens in the portal's own window; another system in a new one
      openWay: s.process ? 1 : 3,
      icon: s.icon, color: CATEGORIES.find((k) => k.key === s.category)!.color, summary: s.summary, keywords: s.keywords,
      handleType: s.handleType, timeLimit: s.timeLimit, handleAddress: s.office, contactPerson: s.contact[0], contactPhone: s.contact[1], fee: s.fee,
      introduce: s.introduce, basis: s.basis, ...serviceEn(s),
      materials: JSON.stringify(s.materials.map(([name, nameEn, required, copies, copiesEn, note, noteEn]) => ({ name, nameEn, required, copies, copiesEn, ...(note ? { note, noteEn } : {}) }))),
      steps: JSON.stringify(s.steps.map(([name, nameEn, description, descriptionEn]) => ({ name, nameEn, description, descriptionEn }))),
      roleIds: list(s.roles, c.roleId, 'role'), deptIds: list(s.depts, c.deptId, 'department'), postIds: list(s.posts, c.postId, 'post'), userIds: '',
      ...(s.validity ? win[s.validity] : { validityMode: 1 }),
      isHot: s.hot ? 1 : 0, sort: i + 1, status: 1,
    };
    const made = await call<Node | null>('POST', `${B}/serviceManage/save`, body);
    serviceId.set(s.name, made?.id ? String(made.id) : String((await all(call, 'serviceManage', { name: s.name })).find((x) => x.name === s.name)!.id));
  }

  // ---- special services' columns ----
  const specialColumns = await all(call, 'specialServiceColumn');
  for (const s of SPECIALS) {
    for (const [i, [name, nameEn, names]] of s.columns.entries()) {
      await ensure(call, 'specialServiceColumn', specialColumns.find((x) => x.name === name && String(x.specialServiceId) === specialId.get(s.key)), { specialServiceId: specialId.get(s.key), name, nameEn, serviceIds: idsOf(serviceId, names), sort: i + 1 });
    }
  }

  // ---- packages, recommendations ----
  const packages = await all(call, 'servicePackage');
  for (const [i, p] of PACKAGES.entries()) {
    if (packages.some((x) => x.name === p.name)) continue;
    await call('POST', `${B}/servicePackage/submit`, { name: p.name, nameEn: p.nameEn, icon: p.icon, imageUrl: await c.picture(p.image), description: p.description, descriptionEn: p.descriptionEn, serviceIds: idsOf(serviceId, p.services), sort: i + 1, status: 1 });
  }
  const recommends = await all(call, 'serviceRecommend');
  for (const [i, [name, reason]] of RECOMMENDS.entries()) {
    const id = idsOf(serviceId, [name]);
    await ensure(call, 'serviceRecommend', recommends.find((x) => String(x.serviceId) === id), { serviceId: id, reason, sort: i + 1 });
  }

  // ---- departments, through-train, shortcut entrances ----
  const throughDepts = await all(call, 'throughDept');
  for (const [i, d] of DEPTS.entries()) {
    const deptId = c.deptId.get(d.dept)!;
    await ensure(call, 'throughDept', throughDepts.find((x) => String(x.deptId) === deptId), { deptId, name: d.dept, nameEn: d.nameEn, icon: d.icon, description: d.description, descriptionEn: d.descriptionEn, contactPhone: d.phone, address: d.address, sort: i + 1, status: 1 });
  }
  const trains = await all(call, 'throughTrain');
  for (const [i, [trainType, trainTypeEn, name, nameEn, icon, color, url]] of TRAINS.entries()) {
    await ensure(call, 'throughTrain', trains.find((x) => x.name === name), { trainType, trainTypeEn, name, nameEn, icon, color, url, openWay: isSite(url) ? 1 : 3, sort: i + 1, status: 1 });
  }
  const shortcuts = await all(call, 'shortcutEntrance');
  for (const [i, [name, nameEn, icon, color, to]] of SHORTCUTS.entries()) {
    const service = 'service' in to ? idsOf(serviceId, [to.service]) : null;
    await ensure(call, 'shortcutEntrance', shortcuts.find((x) => x.name === name), {
      name, nameEn, icon, color, serviceId: service, url: service ? `/portal/service/introduce?id=${service}` : (to as { url: string }).url, openWay: 1, sort: i + 1, status: 1,
    });
  }

  // ---- slideshows ----
  const types = await all(call, 'slideshowType');
  const slides = await all(call, 'slideshow');
  for (const [t, [key, code]] of (Object.entries(PORTAL_SLIDESHOWS) as [keyof typeof PORTAL_SLIDESHOWS, string][]).entries()) {
    const def = SLIDES[key];
    const type = await ensure(call, 'slideshowType', types.find((x) => x.typeCode === code), { typeName: def.typeName, typeCode: code, interval: def.interval, sort: t + 1, status: 1 });
    for (const [i, s] of def.slides.entries()) {
      if (slides.some((x) => String(x.typeId) === String(type.id) && x.title === s.title)) continue;
      const linkUrl = typeof s.link === 'string' ? s.link : `/portal/service/introduce?id=${idsOf(serviceId, [s.link.service])}`;
      await call('POST', `${B}/slideshow/submit`, { typeId: String(type.id), title: s.title, titleEn: s.titleEn, subtitle: s.subtitle, subtitleEn: s.subtitleEn, imageUrl: await c.picture(s.image), linkUrl, openWay: 1, sort: i + 1, status: 1 });
    }
  }

  // ---- news sources (the campus's notices by kind, and the news site), links ----
  const sources = await all(call, 'newsSource');
  const newsId = new Map<string, string>();
  for (const [i, n] of NEWS.entries()) {
    const row = await ensure(call, 'newsSource', sources.find((x) => x.name === n.name), { name: n.name, nameEn: n.nameEn, sourceType: n.url ? 'link' : 'notice', noticeCategory: n.category, url: n.url ?? null, sort: i + 1, status: 1 });
    newsId.set(n.name, String(row.id));
  }
  const urls = await all(call, 'urlManage');
  for (const [i, [urlType, name, nameEn, url, icon]] of URLS.entries()) {
    await ensure(call, 'urlManage', urls.find((x) => x.name === name && x.urlType === urlType), { urlType, name, nameEn, url, icon, openWay: 3, sort: i + 1, status: 1 });
  }

  // ---- floors with their columns and precincts ----
  const floors = await all(call, 'floor');
  const floorId = new Map<number, string>();
  for (const [i, f] of FLOORS.entries()) {
    const row = await ensure(call, 'floor', floors.find((x) => x.name === f.name), { ...f, moreUrl: f.moreUrl ?? null, sort: i + 1, status: 1 });
    floorId.set(f.floorType, String(row.id));
  }
  const columns = await all(call, 'column');
  const column = (floor: string, name: string) => columns.find((x) => x.name === name && String(x.floorId) === floor);
  for (const [i, col] of COLUMNS.entries()) {
    const floor = floorId.get(1)!;
    await ensure(call, 'column', column(floor, col.name), { floorId: floor, name: col.name, nameEn: col.nameEn, icon: col.icon, columnType: 1, serviceIds: idsOf(serviceId, col.services), showCount: 8, sort: i + 1, status: 1 });
  }
  for (const [i, n] of NEWS.filter((x) => !x.url).entries()) {
    const floor = floorId.get(3)!;
    await ensure(call, 'column', column(floor, n.name), { floorId: floor, name: n.name, nameEn: n.nameEn, icon: 'NotificationOutlined', columnType: 2, newsSourceId: newsId.get(n.name), showCount: 6, sort: i + 1, status: 1 });
  }
  const precincts = await all(call, 'precinct');
  for (const [i, p] of PRECINCTS.entries()) {
    if (precincts.some((x) => x.name === p.name)) continue;
    await call('POST', `${B}/precinct/submit`, { floorId: floorId.get(2), name: p.name, nameEn: p.nameEn, icon: p.icon, imageUrl: await c.picture(p.image), description: p.description, descriptionEn: p.descriptionEn, serviceIds: idsOf(serviceId, p.services), sort: i + 1, status: 1 });
  }

  // ---- the personal data centre's categories ----
  const personal = (await call<{ records: Node[] }>('GET', `/api/blade-data/personalCategory/list?${q({ size: 200 })}`)).records;
  for (const [i, p] of PERSONAL_CATEGORIES.entries()) {
    if (personal.some((x) => x.name === p.name)) continue;
    await call('POST', '/api/blade-data/personalCategory/submit', { name: p.name, nameEn: p.nameEn, icon: p.icon, formContent: JSON.stringify({ column: p.column }), multiple: p.multiple, sort: i + 1, status: 1 });
  }

  // ---- sayings ----
  const sayings = await all(call, 'aphorism');
  for (const [content, contentEn, author] of APHORISMS) await ensure(call, 'aphorism', sayings.find((x) => x.content === content), { content, contentEn, author, status: 1 });

  // ---- the top menu ----
  const menus = await all(call, 'topMenu');
  for (const [i, m] of MENUS.entries()) {
    const outside = !isSite(m.url);
    const top = await ensure(call, 'topMenu', menus.find((x) => x.name === m.name && String(x.parentId) === '0'), {
      parentId: '0', name: m.name, nameEn: m.nameEn, addressType: outside ? 2 : 1, openWay: outside ? 3 : 1, jumpAddress: m.url, icon: m.icon, sort: i + 1, status: 1,
    });
    for (const [j, [name, nameEn, url]] of (m.children ?? []).entries()) {
      await ensure(call, 'topMenu', menus.find((x) => x.name === name && String(x.parentId) === String(top.id)), { parentId: String(top.id), name, nameEn, addressType: 1, openWay: 1, jumpAddress: url, sort: j + 1, status: 1 });
    }
  }

  // ---- the site's settings; the portal opens last ----
  const year = c.now.getFullYear();
  const settings: [string, string, string][] = [
    ['subjectPattern', '主题模式', '1'],
    ['menuPattern', '菜单模式', '1'],
    ['siteName', '站点名称', '智慧校园服务大厅'],
    ['siteNameEn', '站点英文名称', 'Smart Campus Service Hall'],
    ['logo', '站点标志', await c.picture('portal-logo.svg')],
    ['heroTitle', '首页标题', '一网通办 · 师生办事更便捷'],
    ['heroTitleEn', '首页英文标题', 'Every campus service, in one place'],
    ['heroSubtitle', '首页副标题', '教务、学工、人事、财务、后勤、信息化与科研服务在线办理，进度随时可查'],
    ['heroSubtitleEn', '首页英文副标题', 'Academic, student, staff, finance, campus, IT and research services online, with their progress at hand'],
    ['copyright', '版权信息', `© ${year} 示范大学 版权所有 · 信息化中心技术支持`],
    ['copyrightEn', '英文版权信息', `© ${year} Demonstration University. All rights reserved. Run by the Information Technology Centre`],
    ['footerLinks', '页脚链接', JSON.stringify([
      { name: '关于我们', nameEn: 'About us', url: 'https://www.example.edu.cn/about' },
      { name: '联系我们', nameEn: 'Contact', url: 'https://www.example.edu.cn/contact' },
      { name: '隐私政策', nameEn: 'Privacy', url: 'https://www.example.edu.cn/privacy' },
    ])],
    ['contactPhone', '服务热线', '010-62751000'],
    ['contactEmail', '服务邮箱', 'service@example.edu.cn'],
    ['address', '服务地址', '示范大学行政楼 1 楼 师生综合服务中心'],
    ['openPortal', '开放门户', '1'],
  ];
  const have = await all(call, 'config');
  for (const [i, [configKey, configName, configValue]] of settings.entries()) {
    const row = have.find((x) => x.configKey === configKey);
    // a key the portal module set up itself (e.g. openPortal 0) takes the demo's value; this runs only before the marker is written
    if (!row) await call('POST', `${B}/config/submit`, { configKey, configName, configValue, sort: i + 1 });
    else if (row.configValue !== configValue) await call('POST', `${B}/config/submit`, { id: String(row.id), configKey, configName: row.configName ?? configName, configValue, sort: row.sort ?? i + 1 });
  }
}

/** Uploads one file through put-file as the administrator, the way the slideshow screen's upload does. */
async function putFile(app: FastifyInstance, token: string, file: string, content: string): Promise<string> {
  const boundary = `----demo-portal-${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file}"\r\nContent-Type: image/svg+xml\r\n\r\n`),
    Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const r = await app.inject({
    method: 'POST', url: '/api/blade-resource/oss/endpoint/put-file?accept=image', payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'blade-auth': `bearer ${token}`, 'accept-language': 'zh-CN' },
  });
  const body = r.json() as { success?: boolean; data?: { link?: string } };
  if (r.statusCode !== 200 || !body.data?.link) throw new Error(`demo portal: put-file ${file} answered ${r.statusCode}: ${r.body.slice(0, 300)}`);
  return body.data.link;
}

export async function portalMade(db: Db): Promise<boolean> {
  return !!(await db.selectFrom('bladeSecret').select('name').where('name', '=', PORTAL_MARKER).executeTakeFirst());
}

/**
 * Makes the demo portal unless it is there: 'made' (with the time it took), 'present', or 'skipped'
 * when there is no demo campus to fill it from (or no portal module to fill).
 */
export async function ensurePortal(app: FastifyInstance, services: Services, db: Db, config: Config): Promise<{ outcome: 'made' | 'present' | 'skipped'; ms: number }> {
  const started = Date.now();
  if (await portalMade(db)) return { outcome: 'present', ms: 0 };
  if (!(await campusMade(db))) return { outcome: 'skipped', ms: 0 };
  // a server assembled without the portal module (modules subset) has nothing to fill
  if (!app.hasRoute({ method: 'GET', url: `${B}/serviceManage/getRandomId` })) return { outcome: 'skipped', ms: 0 };
  return locked(config, async () => {
    if (await portalMade(db)) return { outcome: 'present' as const, ms: Date.now() - started };
    const admin = (await services.auth.userById(SEED.tenant, SEED.adminId)) ?? (await services.auth.userByAccount(SEED.tenant, 'admin'));
    if (!admin) return { outcome: 'skipped' as const, ms: Date.now() - started };
    const client = { clientId: 'saber', clientSecret: '', grants: new Set<string>(), accessSeconds: 600, refreshSeconds: 600 };
    const sid = randomUUID();
    const token = (await services.auth.issue(admin, client, { sid })).access_token;
    try {
      const call = caller(app, token);
      const roles = flatten(await call<Node[]>('GET', '/api/blade-system/role/list'));
      const roleId = new Map(roles.filter((r) => r.roleAlias).map((r) => [String(r.roleAlias), String(r.id)]));
      const deptId = new Map(flatten(await call<Node[]>('GET', '/api/blade-system/dept/list')).map((d) => [String(d.deptName), String(d.id)]));
      const postId = new Map((await call<Node[]>('GET', '/api/blade-system/post/select')).map((p) => [String(p.postCode), String(p.id)]));
      // pictures uploaded by an earlier, unfinished start are found by their file name
      const uploaded = new Map((await call<{ records: Node[] }>('GET', `/api/blade-resource/attach/list?${q({ originalName: 'portal-', extension: 'svg', size: 200 })}`)).records
        .filter((a) => typeof a.link === 'string').map((a) => [String(a.originalName), String(a.link)]));
      const picture = async (file: string) => {
        let link = uploaded.get(file);
        if (!link) {
          const draw = PORTAL_ART[file];
          if (!draw) throw new Error(`demo portal: no picture ${file}`);
          link = await putFile(app, token, file, draw());
          uploaded.set(file, link);
        }
        return link;
      };
      await build({ call, picture, roleId, deptId, postId, now: new Date() });
    } finally {
      await services.auth.tokens.revoke(sid, new Date(Date.now() + 600_000));
    }
    const ms = Date.now() - started;
    await sql`insert into blade_secret (name, value) values (${PORTAL_MARKER}, ${JSON.stringify({ made: new Date().toISOString(), ms })})
      on conflict (name) do nothing`.execute(db);
    return { outcome: 'made' as const, ms };
  });
}
