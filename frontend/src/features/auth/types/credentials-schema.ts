import { z } from 'zod';

// Mirrors the API's limits so most mistakes are caught before a round trip.
export const credentialsSchema = z.object({
  username: z.string().trim().min(1, 'Enter a username.').max(150, 'At most 150 characters.'),
  password: z.string().min(1, 'Enter a password.').max(128, 'At most 128 characters.'),
});

export const registrationSchema = credentialsSchema.extend({
  username: credentialsSchema.shape.username.regex(
    /^[\w.@+-]+$/,
    'Letters, digits and @ . + - _ only.',
  ),
});

export type CredentialsInput = z.infer<typeof credentialsSchema>;
