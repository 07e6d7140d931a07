import { Anchor, Group, Text } from '@mantine/core';
import { PORTAL_VERSION } from '@portal/domain/enums';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** SPEC §1: version v1.5.9 and the links to privacy policy and legal notice. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <Group justify="center" gap="lg" py="sm" component="footer">
      <Text size="xs" c="dimmed" data-testid="version">
        {t('footer.version', { version: PORTAL_VERSION })}
      </Text>
      <Anchor component={Link} to="/privacy" size="xs">
        {t('footer.privacy')}
      </Anchor>
      <Anchor component={Link} to="/imprint" size="xs">
        {t('footer.imprint')}
      </Anchor>
    </Group>
  );
}
