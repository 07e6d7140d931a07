import { Alert, Button, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconExternalLink } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PageProps } from '../../../app/page-props';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useCreateOffer } from '../api/create-offer';
import { useOfferT } from '../offer-i18n';

/** The id of the open offer a 409 OFFER_EXISTS names (`issues[0]`: path `offerId`, message its id). */
function existingOfferId(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'OFFER_EXISTS') return null;
  return error.issues.find((issue) => issue.path === 'offerId')?.message ?? null;
}

/**
 * `/offer/new/{enquiryId}`: creates the supplier's offer on the enquiry once and opens it; when there is an
 * open one already, says so with a link to it; any other refusal in German with the way back to the enquiry.
 */
export function OfferNewPage({ params }: PageProps) {
  const t = useOfferT();
  const navigate = useNavigate();
  const create = useCreateOffer();
  const enquiryId = params.enquiryId ?? '';
  const started = useRef(false);

  useEffect(() => {
    // Once per page, also under React's double effects in development.
    if (started.current || !enquiryId) return;
    started.current = true;
    create.mutate(enquiryId, {
      onSuccess: (offer) => {
        notifySuccess(t('new.created'));
        navigate(`/offer/${offer.id}`, { replace: true });
      },
    });
  }, [create, enquiryId, navigate, t]);

  const existing = existingOfferId(create.error);
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('new.title')}
      </Title>
      {create.isError ? (
        <Alert color={existing ? 'yellow' : 'red'} title={t('new.failed')} data-testid="offer-new-error">
          <Stack gap="sm" align="flex-start">
            <span>{create.error.message}</span>
            <Group gap="xs">
              {existing && (
                <Button
                  component={Link}
                  to={`/offer/${existing}`}
                  size="xs"
                  leftSection={<IconExternalLink size={14} />}
                >
                  {t('new.openExisting')}
                </Button>
              )}
              <Button
                component={Link}
                to={`/enquiry/${enquiryId}`}
                size="xs"
                variant="default"
                leftSection={<IconArrowLeft size={14} />}
              >
                {t('new.backToEnquiry')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Center mih="30vh" aria-label={t('new.creating')}>
          <Loader />
        </Center>
      )}
    </Stack>
  );
}

export default OfferNewPage;
