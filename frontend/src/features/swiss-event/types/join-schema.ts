import { z } from 'zod';

export const joinSchema = z.object({ password: z.string().max(128, 'At most 128 characters.'), team: z.string() });

export type JoinInput = z.infer<typeof joinSchema>;
