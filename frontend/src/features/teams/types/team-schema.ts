import { t } from '@lingui/core/macro';
import { z } from 'zod';

// The messages are functions: read when a value is checked, in the interface language of then.
export const teamSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: () => t`Give the team a name.` })
    .max(100, { error: () => t`At most 100 characters.` }),
  description: z.string().max(2000, { error: () => t`At most 2000 characters.` }),
  join_policy: z.enum(['open', 'request']),
});

export type TeamValues = z.infer<typeof teamSchema>;
