import { t } from '@lingui/core/macro';
import { z } from 'zod';

// The messages are functions: read when a value is checked, in the interface language of then.
export const tokenSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: () => t`Give the token a name.` })
    .max(100, { error: () => t`At most 100 characters.` }),
});

export type TokenInput = z.infer<typeof tokenSchema>;
