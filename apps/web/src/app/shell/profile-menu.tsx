// The profile menu of SPEC §2: 'Edit Profile' and 'Log out'.
import { ActionIcon, Avatar, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { signOut } from '../../features/auth/sign-out';
import { useAppDispatch } from '../store';

export function ProfileMenu() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (
    <Menu position="bottom-end" width={200}>
      <Menu.Target>
        <ActionIcon variant="subtle" radius="xl" size="lg" aria-label={t('profileMenu.label')}>
          <Avatar radius="xl" size={32} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.profileEdit.href()}>
          {t('profileMenu.editProfile')}
        </Menu.Item>
        <Menu.Item
          color="red"
          onClick={() => {
            dispatch(signOut());
            void navigate(paths.login.href());
          }}
        >
          {t('profileMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
