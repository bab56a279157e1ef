// wf_model.settings: what the model designer writes and the process calls read (spec 000 §2.5–§2.7, §4).

/** A submit check (流程提交校验) run before an action of the given type. */
export interface SubmitCheck {
  /** start, pass, reject, terminate, withdraw, recall, revocation, transfer, delegate, add */
  submitType: string;
  validateType: 'js' | 'sql';
  diyJS?: string;
  diySql?: string;
  /** 0: passes when the query returns rows; 1: passes when it returns none */
  resConfig?: 0 | 1;
  message?: string;
}

/** What happens after a successful action: a message, then a jump. */
export interface SubmitAfter {
  submitType: string;
  content?: string;
  jumpAddress?: string;
  jumpType?: 'back' | 'currentPage' | 'newPage';
}

/** §2.7 pre-read dialog shown before the start form opens (readTime 1..9999 s, up to 3 files). */
export interface PreRead {
  enable?: boolean;
  title?: string;
  /** rich text (HTML) */
  content?: string;
  files?: { name?: string; url?: string }[];
  readTime?: number;
  buttonText?: string;
}

/** Print template of the process form: HTML with ${prop} and built-in placeholders (打印配置异常 without one). */
export interface PrintTemplate {
  templateName?: string;
  content?: string;
  /** 1 enabled, 0 off */
  status?: number;
}

export interface ModelSettings {
  assigneeRequired?: boolean;
  hideComment?: boolean;
  commentComponent?: string;
  commentShowName?: boolean;
  commentShowDept?: boolean;
  commentShowNodeName?: boolean;
  commentShowDate?: boolean;
  commentShowDateFormat?: string;
  commentAssignmentMode?: string;
  submitValidate?: SubmitCheck[];
  submitAfter?: SubmitAfter[];
  preRead?: PreRead;
  printTemplate?: PrintTemplate;
}
