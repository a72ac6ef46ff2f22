import { t } from '@lingui/core/macro';
import { z } from 'zod';

// The message is written when the check fails, in the language of that moment.
export const joinSchema = z.object({ password: z.string().max(128, { error: () => t`At most 128 characters.` }), team: z.string() });

export type JoinInput = z.infer<typeof joinSchema>;
