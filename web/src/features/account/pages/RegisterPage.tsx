import { Alert, Anchor, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useRegister } from '../api/register';
import { mailTakenMessage, passwordRuleMessage } from '../components/password-rule-error';
import { AccessStep } from '../components/register/AccessStep';
import { CompanyStep } from '../components/register/CompanyStep';
import { PersonStep } from '../components/register/PersonStep';
import {
  type AccessInput,
  type AccessValues,
  type CompanyInput,
  EMPTY_ACCESS,
  EMPTY_PERSON,
  emptyCompany,
  type PersonValues,
  toRegisterBody,
} from '../components/register/register-form';

/**
 * SPEC §2 Register: a three-step wizard (next/back/finish). `?info=` pre-fills the company's additional
 * information. On success the new user is signed in and the router shows the profile with the notice.
 */
export default function RegisterPage() {
  const { t } = useTranslation('account');
  const [searchParams] = useSearchParams();
  const [active, setActive] = useState(0);
  const [person, setPerson] = useState<PersonValues>(EMPTY_PERSON);
  const [access, setAccess] = useState<AccessInput>(EMPTY_ACCESS);
  const [company, setCompany] = useState<CompanyInput>(() => emptyCompany(searchParams.get('info') ?? ''));
  const register = useRegister();
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [mailError, setMailError] = useState<string | null>(null);

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={640} mx="auto">
      <Stack>
        <div>
          <Title order={1} size="h2">
            {t('register.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('register.intro')}
          </Text>
        </div>
        <Stepper active={active} size="sm" allowNextStepsSelect={false}>
          <Stepper.Step
            label={t('register.steps.person')}
            description={t('register.steps.personDescription')}
          >
            <PersonStep
              defaultValues={person}
              onNext={(values) => {
                setPerson(values);
                setActive(1);
              }}
            />
          </Stepper.Step>
          <Stepper.Step
            label={t('register.steps.access')}
            description={t('register.steps.accessDescription')}
          >
            <AccessStep
              defaultValues={access}
              passwordError={passwordError}
              mailError={mailError}
              onBack={(values) => {
                setAccess(values);
                setActive(0);
              }}
              onNext={(values) => {
                setAccess(values);
                setPasswordError(null);
                setMailError(null);
                setActive(2);
              }}
            />
          </Stepper.Step>
          <Stepper.Step
            label={t('register.steps.company')}
            description={t('register.steps.companyDescription')}
          >
            <Stack>
              {register.isError && (
                <Alert color="red" role="alert" data-testid="register-error">
                  {register.error.message}
                </Alert>
              )}
              <CompanyStep
                defaultValues={company}
                submitting={register.isPending}
                onBack={(values) => {
                  setCompany(values);
                  register.reset();
                  setActive(1);
                }}
                onSubmit={(values) => {
                  setCompany(values);
                  register.mutate(toRegisterBody(person, access as AccessValues, values), {
                    onError: (error) => {
                      // A password the server refuses (too common) or an e-mail address already in use is
                      // fixed where it was typed: step 2.
                      const refused = passwordRuleMessage(error);
                      const taken = mailTakenMessage(error);
                      if (!refused && !taken) return;
                      register.reset();
                      setPasswordError(refused);
                      setMailError(taken);
                      setActive(1);
                    },
                  });
                }}
              />
            </Stack>
          </Stepper.Step>
        </Stepper>
        <Group justify="center">
          <Anchor component={Link} to="/login" size="sm">
            {t('register.toLogin')}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
