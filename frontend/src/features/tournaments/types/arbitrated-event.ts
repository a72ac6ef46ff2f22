/** The event an arbiter's tool is for: an individual Swiss event, or a team Swiss event (the
 * host team's leaders arbitrate both, with the same calls' queue and audit log). */
export type ArbitratedEvent = { kind: 'swiss' | 'team-swiss'; id: number };
