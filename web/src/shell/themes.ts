// The eleven layout themes of spec §9. Each is a real colour scheme for the sidebar, top bar
// and logo; the primary colour picker recolours antd on top of it.
export interface LayoutTheme {
  name: string;
  /** Sidebar background (may be a gradient) and its text colours. */
  siderBg: string;
  siderText: string;
  siderActiveBg: string;
  siderActiveText: string;
  siderSubBg: string;
  /** Whether the sidebar reads as dark (controls antd Menu theme). */
  dark: boolean;
  logoBg: string;
  logoText: string;
  headerBg: string;
  headerText: string;
  /** Suggested primary colour when the theme is chosen. */
  primary?: string;
}

export const themes: LayoutTheme[] = [
  { name: 'default', siderBg: '#20222a', siderText: 'rgba(255,255,255,0.72)', siderActiveBg: '#409EFF', siderActiveText: '#fff', siderSubBg: '#1a1c22', dark: true, logoBg: '#20222a', logoText: '#fff', headerBg: '#ffffff', headerText: '#303133' },
  { name: 'theme-white', siderBg: '#ffffff', siderText: '#303133', siderActiveBg: '#ecf5ff', siderActiveText: '#409EFF', siderSubBg: '#fafafa', dark: false, logoBg: '#ffffff', logoText: '#303133', headerBg: '#ffffff', headerText: '#303133' },
  { name: 'theme-dark', siderBg: '#141414', siderText: 'rgba(255,255,255,0.65)', siderActiveBg: '#303030', siderActiveText: '#ffffff', siderSubBg: '#0c0c0c', dark: true, logoBg: '#0c0c0c', logoText: '#fff', headerBg: '#1f1f1f', headerText: 'rgba(255,255,255,0.85)' },
  { name: 'theme-star', siderBg: 'linear-gradient(180deg,#0f1c3f 0%,#1d2b64 55%,#3b2667 100%)', siderText: 'rgba(255,255,255,0.75)', siderActiveBg: 'rgba(255,255,255,0.16)', siderActiveText: '#ffe58f', siderSubBg: 'rgba(0,0,0,0.18)', dark: true, logoBg: 'transparent', logoText: '#ffe58f', headerBg: '#0f1c3f', headerText: '#e6ecff', primary: '#7265e6' },
  { name: 'theme-bule', siderBg: '#1d3f72', siderText: 'rgba(255,255,255,0.8)', siderActiveBg: '#2d8cf0', siderActiveText: '#fff', siderSubBg: '#17345f', dark: true, logoBg: '#17345f', logoText: '#fff', headerBg: '#2d8cf0', headerText: '#fff', primary: '#2d8cf0' },
  { name: 'theme-iview', siderBg: '#515a6e', siderText: 'rgba(255,255,255,0.75)', siderActiveBg: '#2d8cf0', siderActiveText: '#fff', siderSubBg: '#363e4f', dark: true, logoBg: '#363e4f', logoText: '#fff', headerBg: '#ffffff', headerText: '#515a6e', primary: '#2d8cf0' },
  { name: 'theme-vip', siderBg: '#2b2b2b', siderText: '#d9b980', siderActiveBg: '#d9b980', siderActiveText: '#2b2b2b', siderSubBg: '#222', dark: true, logoBg: '#1e1e1e', logoText: '#d9b980', headerBg: '#1e1e1e', headerText: '#d9b980', primary: '#c9a063' },
  { name: 'theme-cool', siderBg: 'linear-gradient(180deg,#0d7a9b 0%,#1b5f8f 50%,#2c3e80 100%)', siderText: 'rgba(255,255,255,0.8)', siderActiveBg: 'rgba(255,255,255,0.22)', siderActiveText: '#fff', siderSubBg: 'rgba(0,0,0,0.15)', dark: true, logoBg: 'transparent', logoText: '#fff', headerBg: 'linear-gradient(90deg,#0d7a9b,#2c3e80)', headerText: '#fff', primary: '#13c2c2' },
  { name: 'theme-d2', siderBg: '#ebf1f6', siderText: '#2f74ff', siderActiveBg: '#ffffff', siderActiveText: '#2f74ff', siderSubBg: '#e2eaf1', dark: false, logoBg: '#ebf1f6', logoText: '#2f74ff', headerBg: '#ebf1f6', headerText: '#2f74ff', primary: '#2f74ff' },
  { name: 'theme-hey', siderBg: '#ffffff', siderText: '#565d67', siderActiveBg: '#fff1f0', siderActiveText: '#f5222d', siderSubBg: '#fafafa', dark: false, logoBg: '#f5222d', logoText: '#fff', headerBg: '#ffffff', headerText: '#565d67', primary: '#f5222d' },
  { name: 'theme-lte', siderBg: '#222d32', siderText: '#b8c7ce', siderActiveBg: '#1e282c', siderActiveText: '#ffffff', siderSubBg: '#2c3b41', dark: true, logoBg: '#367fa9', logoText: '#fff', headerBg: '#3c8dbc', headerText: '#fff', primary: '#3c8dbc' },
];

export function themeByName(name: string): LayoutTheme {
  return themes.find((t) => t.name === name) ?? themes[0];
}
