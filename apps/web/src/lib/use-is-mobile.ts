import { em, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * The spec's mobile layout: "small and down", i.e. narrower than Mantine's `sm` breakpoint,
 * matching the components' `hiddenFrom="sm"` / `visibleFrom="sm"`.
 */
export function useIsMobile(): boolean {
  const theme = useMantineTheme();
  const smallPx = parseFloat(theme.breakpoints.sm) * 16;
  return useMediaQuery(`(max-width: ${em(smallPx - 0.1)})`, false, { getInitialValueInEffect: false });
}
