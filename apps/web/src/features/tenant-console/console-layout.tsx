import { Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { NavLink, Outlet } from '../../app/routing';
import { useTranslation } from '../../i18n/use-translation';
import classes from './console-layout.module.css';
import { CONSOLE_SECTIONS } from './console-sections';

/**
 * The tenant console: where super users (every client) and internal staff (their own client)
 * configure a client without a deployment. Each section is a route of its own under #/console.
 */
export function ConsoleLayout() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('console.title')}</Title>
        <Text c="dimmed" maw={720}>
          {t('console.intro')}
        </Text>
      </Stack>
      <nav aria-label={t('console.navigation')}>
        {/* On a phone the tabs go on a second line: scrolled sideways, those past the edge were cut off unseen. */}
        <Group gap="xs" className={classes.sections} wrap="wrap">
          {CONSOLE_SECTIONS.map((section) => (
            <UnstyledButton key={section.path} component={NavLink} to={`/console/${section.path}`} className={classes.section}>
              {t(section.labelKey)}
            </UnstyledButton>
          ))}
        </Group>
      </nav>
      <Outlet />
    </Stack>
  );
}
