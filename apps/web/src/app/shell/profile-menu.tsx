// The profile menu of SPEC §2: who is signed in, 'Edit Profile' and 'Log out'.
import { ActionIcon, Avatar, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../api/current-user';
import { paths } from '../../config/paths';

export function ProfileMenu({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const name = user?.name.trim() || user?.email;
  return (
    <Menu position="bottom-end" width={220}>
      <Menu.Target>
        <ActionIcon variant="subtle" radius="xl" size="lg" aria-label={t('profileMenu.label')}>
          <Avatar radius="xl" size={32} name={user?.name.trim() || undefined} color="blue" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {name && <Menu.Label>{name}</Menu.Label>}
        <Menu.Item component={Link} to={paths.profileEdit.href()}>
          {t('profileMenu.editProfile')}
        </Menu.Item>
        <Menu.Item color="red" onClick={onSignOut}>
          {t('profileMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
