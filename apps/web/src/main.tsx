import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './theme/portal.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './i18n/i18n';
import { rememberExperienceFromUrl } from './theme/experience-code';

rememberExperienceFromUrl();
// The texts of the page's language arrive first: no screen is drawn with bare keys.
await initI18n();

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
