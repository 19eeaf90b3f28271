import { useId } from 'react';
import { Button, Chip, Group, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { USER_SEARCH_MAX_LENGTH, type RoleCode } from '@portal/contract';
import { SearchBox } from '../../components/search-box';
import { useTranslation } from '../../i18n/use-translation';

interface UserToolbarProps {
  search: string;
  onSearch: (text: string) => void;
  /** The roles the server lists for this person: only those are offered as filters. */
  roles: RoleCode[];
  roleFilters: RoleCode[];
  onRoleFilters: (roles: RoleCode[]) => void;
  onAddUser: () => void;
  /** A row is being edited: the list stays as it is until it is saved or cancelled. */
  isLocked: boolean;
}

/** Search box, role filter chips and the add-user button (spec section 2). */
export function UserToolbar({ search, onSearch, roles, roleFilters, onRoleFilters, onAddUser, isLocked }: UserToolbarProps) {
  const { t } = useTranslation();
  const filterLabelId = useId();
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <SearchBox
          label={t('userManagement.search')}
          value={search}
          onSearch={onSearch}
          maxLength={USER_SEARCH_MAX_LENGTH}
          disabled={isLocked}
          w={{ base: '100%', xs: 360 }}
        />
        <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={onAddUser} disabled={isLocked} data-add-user>
          {t('userManagement.addUser')}
        </Button>
      </Group>
      {roles.length > 0 && (
        <Group gap="xs" role="group" aria-labelledby={filterLabelId}>
          <Text id={filterLabelId} size="sm" fw={500}>
            {t('userManagement.roleFilter')}
          </Text>
          <Chip.Group multiple value={roleFilters} onChange={(codes) => onRoleFilters(codes as RoleCode[])}>
            {roles.map((code) => (
              <Chip key={code} value={code} size="sm" variant="outline" disabled={isLocked}>
                {t(`userManagement.roles.${code}`)}
              </Chip>
            ))}
          </Chip.Group>
        </Group>
      )}
    </Stack>
  );
}
