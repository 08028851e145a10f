// The common shell of the main group (SPEC §2): header with the portal's name, language switch
// and profile menu; navigation beside the content on wide screens, behind a burger on phones. It
// keeps the signed-in user loaded for the screens inside (the route guard keeps visitors out) and
// saves a language chosen in the header to the profile. Its chunk brings what only signed-in
// screens need: the UI kit's styles for their components (./shell-styles.css), the api cache and the HTTP client (./shell-state;
// docs/web-loading.md).
import './shell-styles.css';
import { Anchor, AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { paths } from '../../config/paths';
import { useSignOut } from '../../features/auth/components/use-sign-out';
import { DocumentTitle } from '../document-title';
import { useKeepCurrentUser } from './current-user';
import { useEntityNames } from './entity-names';
import { MainNavigation } from './main-navigation';
import { useProfileLanguage } from './profile-language';
import { ProfileMenu } from './profile-menu';
import { useShellState } from './shell-state';

export default function AppShellLayout() {
  return useShellState() ? <Shell /> : null;
}

function Shell() {
  const { t } = useTranslation();
  const [navigationOpen, { toggle, close }] = useDisclosure(false);
  useKeepCurrentUser();
  // Read here: the guard's outlet context reaches this layout, not the screens inside it.
  const signOut = useSignOut();
  const entityNames = useEntityNames();
  const saveLanguage = useProfileLanguage();
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navigationOpen } }}
      padding="md"
    >
      <DocumentTitle names={entityNames} />
      <Anchor href="#main-content" className="skip-link">
        {t('app.skipToContent')}
      </Anchor>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={navigationOpen}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('nav.toggle')}
            />
            <Text
              component={Link}
              to={paths.dashboard.href()}
              fw={700}
              size="lg"
              c="blue.8"
              td="none"
              truncate
            >
              {t('app.name')}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitch onChange={saveLanguage} />
            <ProfileMenu onSignOut={signOut} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <MainNavigation onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
