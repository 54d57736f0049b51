import type { ContractRenewal, ContractStatus } from '../../gql/graphql';

export const contractStatusLabels: Record<ContractStatus, { label: string; description: string }> = {
  DRAFT: { label: 'Draft', description: 'Being prepared; covers no spend until activated.' },
  ACTIVE: { label: 'Active', description: 'In force, ending after the warning window.' },
  EXPIRING: { label: 'Expiring', description: 'In force and ending within the warning window.' },
  EXPIRED: { label: 'Expired', description: 'The end date has passed; spend during its term stays on it.' },
  TERMINATED: { label: 'Terminated', description: 'Ended early; covers spend up to its termination date.' },
};

export const renewalLabels: Record<ContractRenewal, string> = {
  AUTO: 'Renews automatically',
  MANUAL: 'Renews by decision',
  NONE: 'Does not renew',
};

/** "in 40 days", "today", "41 days ago". */
export function describeDaysToExpiry(days: number): string {
  if (days === 0) return 'ends today';
  if (days > 0) return `ends in ${days.toLocaleString('en-GB')} day${days === 1 ? '' : 's'}`;
  return `ended ${(-days).toLocaleString('en-GB')} day${days === -1 ? '' : 's'} ago`;
}
