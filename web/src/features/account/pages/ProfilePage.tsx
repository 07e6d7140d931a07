import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { hasNotifications } from '@portal/domain/rules/menu';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChangeHistory } from '../../../components/ChangeHistory';
import { useSignOut } from '../../auth';
import { DigestSettingsCard } from '../../notification';
import { useProfile } from '../api/get-profile';
import { CompanyCard } from '../components/profile/CompanyCard';
import { PasswordChangeForm } from '../components/profile/PasswordChangeForm';
import { PersonalDataForm } from '../components/profile/PersonalDataForm';
import { ProfileLinks } from '../components/profile/ProfileLinks';
import { ProfileNotices } from '../components/profile/ProfileNotices';

/**
 * SPEC §2 Profile: greeting, sign-out, notices, personal and contact data, company and role, password
 * change, AVV download and links. Reachable by every signed-in user, also while gated (SPEC §4).
 */
export default function ProfilePage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const profile = useProfile();
  const signOut = useSignOut();

  if (profile.isPending) {
    return (
      <Center mih="30vh">
        <Loader />
      </Center>
    );
  }
  if (profile.isError) return <Alert color="red">{profile.error.message}</Alert>;
  const data = profile.data;

  const handleSignOut = () => {
    signOut.mutate(undefined, { onSettled: () => navigate('/', { replace: true }) });
  };

  return (
    <Stack maw={900}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {t('profile.title')}
          </Title>
          <Text size="lg" data-testid="profile-greeting">
            {t('profile.greeting', { name: `${data.user.name} ${data.user.lastname}` })}
          </Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconLogout size={16} />}
          onClick={handleSignOut}
          loading={signOut.isPending}
        >
          {t('profile.signOut')}
        </Button>
      </Group>
      <ProfileNotices
        pendingRegistration={data.company.pendingRegistration}
        passwordChangeNeeded={data.user.passwordChangeNeeded}
      />
      <PersonalDataForm key={data.user.id} user={data.user} />
      <CompanyCard profile={data} />
      <PasswordChangeForm />
      <ChangeHistory
        entries={data.changeEntries}
        fieldLabel={(field) => t(`user:fields.${field}` as 'profile.title', { defaultValue: field })}
      />
      {hasNotifications({
        signedIn: true,
        companyType: data.company.type,
        admin: data.user.admin,
        pendingRegistration: data.company.pendingRegistration,
        passwordChangeNeeded: data.user.passwordChangeNeeded,
      }) && <DigestSettingsCard />}
      <ProfileLinks profile={data} />
    </Stack>
  );
}
