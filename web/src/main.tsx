import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n';
import './styles.css';
import './shell/session';
import App from './App';
import { installLogCollector } from './shell/logCollector';
import { loadSiteConfig } from './shell/site';
import { startTokenRefresher } from './shell/session';

installLogCollector();
startTokenRefresher();
void loadSiteConfig();

// the first render waits for the reader's labels (one small chunk, fetched while the rest starts);
// should that chunk fail, the screens still render (with bare keys) rather than stay blank
void i18nReady.catch(() => undefined).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
