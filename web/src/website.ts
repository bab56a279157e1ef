// Site constants (spec 000 §9, 002 §9). Everything the shell tunes lives here.
export const website = {
  title: '智慧校园服务平台',
  titleEn: 'Smart Campus Service Platform',
  key: 'saber',
  tokenHeader: 'Blade-Auth',
  clientId: 'saber',
  clientSecret: 'saber_secret',
  tenantId: '000000',
  tenantMode: false,
  captchaMode: true,
  switchMode: true,
  openPortal: false,
  lockPage: '/lock',
  /** Seconds: the token is refreshed once its age reaches this. */
  tokenTime: 3000,
  tokenCheckInterval: 10_000,
  requestTimeout: 10_000,
  lockDelay: 100,
  logsMax: 99,
  firstPage: { label: '首页', value: '/wel/index', closable: false },
  defaultColor: '#409EFF',
  pageSizes: [10, 30, 50, 100, 200],
  defaultPageSize: 10,
  /** Width breakpoints: >=1200 → 3, >=992 → 2, >=768 → 1, else 0. */
  breakpoints: [1200, 992, 768],
  avatarMaxKb: 500,
} as const;

export function basicAuth(): string {
  return `Basic ${btoa(`${website.clientId}:${website.clientSecret}`)}`;
}

export function screenSize(width: number = window.innerWidth): 0 | 1 | 2 | 3 {
  const [lg, md, sm] = website.breakpoints;
  if (width >= lg) return 3;
  if (width >= md) return 2;
  if (width >= sm) return 1;
  return 0;
}
