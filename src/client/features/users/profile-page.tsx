import { Accordion, Button, Stack, Title } from '@mantine/core';
import { IconArrowsExchange, IconChevronRight, IconMapPin, type TablerIcon } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { CurrentUser } from '../../shared/api/trpc.ts';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { FullPageLoader } from '../../shared/ui/full-page-loader.tsx';
import { AccountSection } from './account-section.tsx';
import { AlbumChoice } from './album-choice.tsx';
import { AlertsSection } from './alerts-section.tsx';
import { DeleteAccountCard } from './delete-account-card.tsx';
import { DevicesSection } from './devices-section.tsx';
import { EmailSection } from './email-section.tsx';
import { LogoutButton } from './logout-button.tsx';
import { MyDataCard } from './my-data-card.tsx';
import { MyDecisions } from './my-decisions.tsx';
import { MyReports } from './my-reports.tsx';
import { PasswordSection } from './password-section.tsx';
import { PremiumCard } from './premium-card.tsx';
import { PresenceChoice } from './presence-choice.tsx';
import { ReportProblemCard } from './report-problem-card.tsx';
import { VisibleToAdultsChoice } from './visible-to-adults-choice.tsx';

/** Profilo; `profilesOf` draws the family's 'Profili' at its top (the app passes it in). */
export function ProfilePage({ profilesOf }: { profilesOf?: (user: CurrentUser) => ReactNode }) {
  const { user } = useCurrentUser();
  if (!user) return <FullPageLoader />;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Profilo
      </Title>
      {profilesOf?.(user)}
      <AlbumChoice user={user} />
      <PresenceChoice user={user} />
      <VisibleToAdultsChoice user={user} />
      <ProfileLink to="/scambi" icon={IconArrowsExchange} label="I miei scambi" />
      <ProfileLink to="/punti-scambio" icon={IconMapPin} label="Punti Scambio" />
      {/* Single-value accordion: opening one section closes the other. */}
      <Accordion variant="separated" radius="md" defaultValue={null}>
        <Accordion.Item value="account">
          <Accordion.Control>Account</Accordion.Control>
          <Accordion.Panel>
            <AccountSection user={user} />
          </Accordion.Panel>
        </Accordion.Item>
        {/* A child profile has no password, e-mail, alerts or devices of its own: the parent's are used. */}
        {!user.parent && (
          <>
            <Accordion.Item value="password">
              <Accordion.Control>Password</Accordion.Control>
              <Accordion.Panel>
                <PasswordSection />
              </Accordion.Panel>
            </Accordion.Item>
            <EmailSection user={user} />
            <AlertsSection userId={user.id} />
            <DevicesSection />
          </>
        )}
      </Accordion>
      <PremiumCard user={user} />
      <MyDataCard />
      <MyDecisions />
      <MyReports />
      <ReportProblemCard />
      <LogoutButton />
      {!user.parent && <DeleteAccountCard />}
    </Stack>
  );
}

/** A screen reached from Profilo: a full-width row with its icon and a chevron. */
function ProfileLink({
  to,
  icon: Icon,
  label,
}: {
  to: '/scambi' | '/punti-scambio';
  icon: TablerIcon;
  label: string;
}) {
  return (
    <Button
      renderRoot={(props) => <Link {...props} to={to} />}
      variant="default"
      size="md"
      h={52}
      radius="md"
      justify="space-between"
      leftSection={<Icon size={20} aria-hidden />}
      rightSection={<IconChevronRight size={18} aria-hidden />}
    >
      {label}
    </Button>
  );
}
