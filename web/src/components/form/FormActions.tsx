import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The footer of a record form: back to the list, and save (hidden for users who may only read). */
export function FormActions({
  backTo,
  saving,
  canSave = true,
}: {
  backTo: string;
  saving: boolean;
  canSave?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Group justify="flex-end" mt="md">
      <Button variant="default" onClick={() => navigate(backTo)}>
        {t('back')}
      </Button>
      {canSave && (
        <Button type="submit" loading={saving}>
          {t('save')}
        </Button>
      )}
    </Group>
  );
}
