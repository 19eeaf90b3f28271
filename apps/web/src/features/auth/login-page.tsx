import { Divider, Stack, Title } from '@mantine/core';
import { FEDERATION_ERROR_KEYS } from '@portal/contract';
import { useSearchParams } from '../../app/routing';
import { useQuery } from '@tanstack/react-query';
import { PromptLink } from '../../components/prompt-link';
import { PublicPageLayout } from '../../components/public-page-layout';
import { useTranslation } from '../../i18n/use-translation';
import { displayLoginQuery } from '../../lib/display-login-query';
import { useExperienceCode } from '../../theme/experience-code';
import { LoginForm } from './login-form';
import { OrganisationSignIn } from './organisation-sign-in';
import { useLoginNotice } from './use-login-notice';
import { useEndSessionOnVisit } from '../../lib/use-end-session-on-visit';

const KNOWN_REFUSALS = new Set<string>([...Object.values(FEDERATION_ERROR_KEYS), 'errors.noLongerAccess']);

/** Why an organisation's sign-in sent the person back here, when the address says one the portal knows. */
function providerRefusal(key: string | null): string | undefined {
  return key !== null && KNOWN_REFUSALS.has(key) ? key : undefined;
}

/** Spec section 2, "Login", with signing in through the person's organisation beside it. */
export function LoginPage() {
  const { t } = useTranslation();
  const waitForSignOut = useEndSessionOnVisit();
  const [search] = useSearchParams();
  const notice = useLoginNotice();
  const noticeKey = providerRefusal(search.get('federationError')) ?? notice;
  const experienceCode = useExperienceCode();
  const { data: display } = useQuery(displayLoginQuery(experienceCode));

  return (
    <PublicPageLayout>
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('auth.login.title')}
        </Title>
        <LoginForm beforeSignIn={waitForSignOut} noticeKey={noticeKey} />
        <Divider label={t('auth.login.or')} labelPosition="center" />
        <OrganisationSignIn beforeSignIn={waitForSignOut} />
        {display?.hasOnboarding && (
          <PromptLink prompt={t('auth.login.noAccount')} to="/register">
            {t('auth.login.createAccount')}
          </PromptLink>
        )}
      </Stack>
    </PublicPageLayout>
  );
}
