import { z } from 'zod';

export const tokenSchema = z.object({
  name: z.string().trim().min(1, 'Give the token a name.').max(100, 'At most 100 characters.'),
});

export type TokenInput = z.infer<typeof tokenSchema>;
