import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PromptLink } from '../../components/prompt-link';
import { PublicPageLayout } from '../../components/public-page-layout';
import { useTranslation } from '../../i18n/use-translation';
import { displayLoginQuery } from '../../lib/display-login-query';
import { useExperienceCode } from '../../theme/experience-code';
import { LoginForm } from './login-form';
import { useLoginNotice } from './use-login-notice';
import { useEndSessionOnVisit } from '../../lib/use-end-session-on-visit';

/** Spec section 2, "Login". */
export function LoginPage() {
  const { t } = useTranslation();
  const waitForSignOut = useEndSessionOnVisit();
  const noticeKey = useLoginNotice();
  const experienceCode = useExperienceCode();
  const { data: display } = useQuery(displayLoginQuery(experienceCode));

  return (
    <PublicPageLayout>
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('auth.login.title')}
        </Title>
        <LoginForm beforeSignIn={waitForSignOut} noticeKey={noticeKey} />
        {display?.hasOnboarding && (
          <PromptLink prompt={t('auth.login.noAccount')} to="/register">
            {t('auth.login.createAccount')}
          </PromptLink>
        )}
      </Stack>
    </PublicPageLayout>
  );
}
