import { z } from 'zod';
import { defineJob } from './queue';

/**
 * Sends one rendered mail. Retried with exponential backoff from 30 s for about 8 hours, so that a
 * mail server that is down overnight does not lose a reset or registration mail.
 */
export const sendMailJob = defineJob({
  id: 'send-mail',
  payload: z.object({
    to: z.string().min(1),
    subject: z.string().min(1),
    text: z.string(),
    html: z.string(),
  }),
  retryLimit: 10,
  retryDelaySeconds: 30,
  retryBackoff: true,
  async handle(mail, { mailer }) {
    await mailer.send(mail);
  },
});
