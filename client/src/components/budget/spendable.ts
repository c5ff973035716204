/**
 * What the household can spend now: the balances of its active assignments (not upcoming, expired or revoked). One
 * definition for the header's budget and the "Regelingen" screen.
 */
export function spendableCents(assignments: readonly { status: string; balanceCents: number }[]): number {
  return assignments.filter((a) => a.status === 'ACTIVE').reduce((sum, a) => sum + a.balanceCents, 0);
}
