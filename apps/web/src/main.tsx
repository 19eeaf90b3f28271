import './theme/mantine-styles';
import '@mantine/notifications/styles.css';
import './theme/portal.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { router } from './app/router';
import { initI18n } from './i18n/i18n';
import { rememberLanguageFromUrl } from './i18n/language';
import { rememberExperienceFromUrl } from './theme/experience-code';

rememberExperienceFromUrl();
rememberLanguageFromUrl();
// The texts of the page's language arrive first: no screen is drawn with bare keys. Meanwhile the
// router runs the first address's guards and fetches its screen's files (drawn before it is ready,
// React would draw an empty page, then the screen in a second pass).
await Promise.all([initI18n(), router.ready]);

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');
const root = createRoot(container);
// A transition lets React draw the first screen in slices, yielding to the browser between them,
// rather than in one long task: a slow phone stays responsive while the login form is built.
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
