import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './theme/portal.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './i18n/i18n';
import { rememberExperienceFromUrl } from './theme/experience-code';

initI18n();
rememberExperienceFromUrl();

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
