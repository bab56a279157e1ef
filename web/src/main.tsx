import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import './styles.css';
import './shell/session';
import App from './App';
import { installLogCollector } from './shell/logCollector';
import { loadSiteConfig } from './shell/site';
import { startTokenRefresher } from './shell/session';

installLogCollector();
startTokenRefresher();
void loadSiteConfig();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
