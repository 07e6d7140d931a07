import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Grid, Group, Stack, Text } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckboxField, TextareaField, TextField } from '../../../../components/form';
import { type CompanyInput, type CompanyValues, companyStep } from './register-form';

/** Step 3; the legal pages open in a new tab so that the wizard keeps its entries. */
export function CompanyStep(props: {
  defaultValues: CompanyInput;
  submitting: boolean;
  onSubmit: (values: CompanyValues) => void;
  onBack: (values: CompanyInput) => void;
}) {
  const { t } = useTranslation('account');
  const form = useForm<CompanyInput, unknown, CompanyValues>({
    resolver: zodResolver(companyStep),
    defaultValues: props.defaultValues,
  });
  const [acceptPrivacy, acceptTerms] = useWatch({
    control: form.control,
    name: ['acceptPrivacy', 'acceptTerms'],
  });
  const accepted = acceptPrivacy && acceptTerms;
  return (
    <form onSubmit={form.handleSubmit(props.onSubmit)} noValidate>
      <Stack>
        <TextField
          control={form.control}
          name="name"
          label={t('register.companyName')}
          required
          autoComplete="organization"
        />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextField control={form.control} name="street" label={t('register.street')} required />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextField control={form.control} name="houseNo" label={t('register.houseNo')} required />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextField
              control={form.control}
              name="zip"
              label={t('register.zip')}
              required
              autoComplete="postal-code"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextField control={form.control} name="city" label={t('register.city')} required />
          </Grid.Col>
        </Grid>
        <TextareaField
          control={form.control}
          name="additionalInfo"
          label={t('register.additionalInfo')}
          rows={2}
        />
        <CheckboxField
          control={form.control}
          name="acceptPrivacy"
          label={
            <>
              {t('register.acceptPrivacyBefore')}
              <Anchor component={Link} to="/privacy" target="_blank">
                {t('register.acceptPrivacyLink')}
              </Anchor>
              {t('register.acceptPrivacyAfter')}
            </>
          }
          required
        />
        <CheckboxField
          control={form.control}
          name="acceptTerms"
          label={
            <>
              {t('register.acceptTermsBefore')}
              <Anchor component={Link} to="/avb" target="_blank">
                {t('register.acceptTermsLink')}
              </Anchor>
              {t('register.acceptTermsAfter')}
            </>
          }
          required
        />
        {!accepted && (
          <Text size="sm" c="dimmed">
            {t('register.acceptHint')}
          </Text>
        )}
        <Group justify="space-between">
          <Button
            variant="default"
            onClick={() => props.onBack(form.getValues())}
            disabled={props.submitting}
          >
            {t('register.back')}
          </Button>
          <Button type="submit" disabled={!accepted} loading={props.submitting}>
            {t('register.finish')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
